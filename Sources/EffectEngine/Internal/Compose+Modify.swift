extension Compose {
    /// Runs `body` on the child at `path` inside `root`, in place.
    ///
    /// A stored property of a struct is reached from a pointer to the root and the
    /// property's offset, as `MemoryLayout.offset(of:)` documents, rather than through the
    /// key path's modify accessor: once the helper is inlined, the optimiser folds the
    /// offset of a literal key path to a constant, and no key path is made at run time.
    /// Any other key path (a computed property, a class) goes through the key path.
    @inlinable @inline(__always)
    static func modify<Root, Value, Result>(
        _ root: inout Root, at path: WritableKeyPath<Root, Value>, _ body: (inout Value) -> Result
    ) -> Result {
        guard let offset = MemoryLayout<Root>.offset(of: path) else { return body(&root[keyPath: path]) }
        return withUnsafeMutablePointer(to: &root) { pointer in
            body(&(UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }
}
