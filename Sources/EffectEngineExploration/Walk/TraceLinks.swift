/// For each visited state, in the order states were numbered, the state it was first
/// reached from and the number of the choice that led to it: 8 bytes a state, the links
/// of the shortest traces.
///
/// Links are kept in chunks, so the storage grows without copying: chunks double from 64
/// links up to 4,096 (32 KiB) and stay at that size, so the storage never holds more than
/// one chunk it does not use, and a small exploration holds little. A chunk's place is
/// known from a link's number alone, so the workers of a parallel level write the links
/// of the states they number at once, each its own (``reserve(_:)``, ``set(_:parent:edge:)``).
///
/// A reference: the walk fills it, its workers each writing only the links of their
/// own states between two joins, and once the walk returns it is only read, by the
/// report and the checkers (hence `@unchecked Sendable`).
@usableFromInline
final class TraceLinks: @unchecked Sendable {
    /// The links a full chunk holds.
    @usableFromInline static var largestChunk: Int { 4_096 }
    /// The parent of an initial state.
    @usableFromInline static var root: UInt32 { .max }
    /// The links the chunks before the first full one hold: 64 + 128 + … + 2,048.
    @usableFromInline static var growingLinks: Int { 4_032 }

    @usableFromInline var chunks: [UnsafeMutablePointer<UInt64>] = []
    /// The links stored.
    @usableFromInline private(set) var count = 0
    /// The links the chunks can hold.
    @usableFromInline private(set) var limit = 0

    @usableFromInline
    init() {}

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// Bytes held by the links: the chunks' sizes as asked for (the allocator may round a
    /// chunk up by a few bytes, by more or less from one run to the next).
    @usableFromInline var bytes: Int { limit * MemoryLayout<UInt64>.stride }

    /// Records that the next state was reached from state `parent` by its choice number
    /// `edge`.
    @inlinable
    func append(parent: UInt32, edge: UInt32) {
        if count == limit { addChunk() }
        set(count, parent: parent, edge: edge)
        count += 1
    }

    /// Makes room for links up to number `total - 1`, counted as stored: the caller sets
    /// each of them (from any thread, each once) before it is read.
    @usableFromInline
    func reserve(_ total: Int) {
        while limit < total { addChunk() }
        count = max(count, total)
    }

    /// Sets link number `id`, which must be below ``count``.
    @inlinable
    func set(_ id: Int, parent: UInt32, edge: UInt32) {
        let (chunk, offset) = Self.place(of: id)
        chunks[chunk][offset] = UInt64(parent) << 32 | UInt64(edge)
    }

    @usableFromInline
    func addChunk() {
        let size = chunks.count < 6 ? 64 << chunks.count : Self.largestChunk
        chunks.append(.allocate(capacity: size))
        limit += size
    }

    /// The chunk link number `id` is in, and its place there.
    @inlinable
    static func place(of id: Int) -> (chunk: Int, offset: Int) {
        guard id >= growingLinks else {
            // Chunk k starts at 64 × (2^k − 1).
            let chunk = Int.bitWidth - 1 - (id / 64 + 1).leadingZeroBitCount
            return (chunk, id - 64 * ((1 << chunk) - 1))
        }
        let beyond = id - growingLinks
        return (6 + beyond / largestChunk, beyond % largestChunk)
    }

    /// The link of state `id`: its parent and the choice that led to it.
    @usableFromInline
    func link(_ id: Int) -> (parent: UInt32, edge: UInt32) {
        let (chunk, offset) = Self.place(of: id)
        let link = chunks[chunk][offset]
        return (UInt32(truncatingIfNeeded: link >> 32), UInt32(truncatingIfNeeded: link))
    }

    /// The choice numbers from the initial state to state `id`, in order.
    @usableFromInline
    func path(to id: Int) -> [Int] {
        var edges: [Int] = []
        _ = walk(from: id) { edges.append($0) }
        return edges.reversed()
    }

    /// The number of the initial state state `id` is reached from: the initial states'
    /// links hold their numbers as edges, with ``root`` as the parent.
    @usableFromInline
    func start(of id: Int) -> Int {
        walk(from: id) { _ in }
    }

    /// How many events state `id` is from its initial state.
    @usableFromInline
    func depth(of id: Int) -> Int {
        var depth = 0
        _ = walk(from: id) { _ in depth += 1 }
        return depth
    }

    /// Calls `edge` with each choice number from state `id` back to its initial state;
    /// returns the initial state's number.
    private func walk(from id: Int, _ edge: (Int) -> Void) -> Int {
        var current = id
        while true {
            let (parent, number) = link(current)
            if parent == Self.root { return Int(number) }
            edge(Int(number))
            current = Int(parent)
        }
    }
}
