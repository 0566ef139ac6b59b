/// How far a long walk has come, told as it goes to the hook set with
/// ``Explorer/reportingProgress(_:)``: a line program draws it at a terminal. Shared with
/// the package's other modules (`package` access), not a user's API.
///
/// ```swift
/// let explorer = model.reportingProgress { progress in
///     print(progress.done, "states,", progress.depth ?? 0, "deep")
/// }
/// ```
@usableFromInline
package struct WalkProgress: Sendable, Equatable {
    /// The distinct states found by an exploration; the walks run by a simulation.
    @usableFromInline package var done: Int
    /// The walks a simulation runs in all; `nil` for an exploration, whose size is not
    /// known until it ends.
    @usableFromInline package var total: Int?
    /// The level an exploration is expanding.
    @usableFromInline package var depth: Int?

    @inlinable
    package init(done: Int, total: Int? = nil, depth: Int? = nil) {
        self.done = done
        self.total = total
        self.depth = depth
    }
}

extension Explorer {
    /// The explorer, telling `report` how far its explorations and simulations have come:
    /// an exploration after each level and every 16,384 states expanded on one worker, a
    /// simulation after each walk. The hook is called on the walking thread.
    package func reportingProgress(_ report: @escaping (WalkProgress) -> Void) -> Explorer {
        var explorer = self
        explorer.progress = report
        return explorer
    }
}
