/// The modelled tasks pending in an explored state, named or not (X2): part of the state
/// the ``Explorer`` walks, next to the feature's own state.
///
/// A property or a terminal test that takes two arguments gets them, so it can relate
/// the state to the work under way:
///
/// ```swift
/// explorer.always("loading exactly while the refresh task runs") { state, tasks in
///     state.isLoading == tasks.contains("refresh")
/// }
/// ```
public struct PendingTasks: Hashable, Sendable {
    /// Bit `i` set when the `i`-th modelled task is pending; the top byte counts the
    /// pending unnamed tasks.
    @usableFromInline let mask: UInt64
    /// The modelled task names, in the order they were declared.
    @usableFromInline let modelled: [String]

    @usableFromInline
    init(mask: UInt64, modelled: [String]) {
        self.mask = mask
        self.modelled = modelled
    }

    /// Whether the task with this name is pending.
    ///
    /// ```swift
    /// explorer.always("ticks only while running") { state, tasks in
    ///     tasks.contains("ticker") == state.isRunning
    /// }
    /// ```
    ///
    /// - Parameter name: A task name given to ``Explorer/task(_:delivers:)`` or
    ///   ``Explorer/task(_:keepsDelivering:)``; any other name is never pending.
    /// - Returns: `true` when that task is pending.
    public func contains(_ name: String) -> Bool {
        guard let index = modelled.firstIndex(of: name) else { return false }
        return mask & (1 << UInt64(index)) != 0
    }

    /// The names of the pending named tasks, in the order their models were declared
    /// (``unnamed`` counts the others).
    ///
    /// ```swift
    /// explorer.always("one task at most") { _, tasks in tasks.names.count <= 1 }
    /// ```
    public var names: [String] {
        modelled.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { modelled[$0] }
    }

    /// How many unnamed tasks are pending, when ``Explorer/unnamedTask(delivers:)``
    /// models them (otherwise none is ever counted).
    ///
    /// ```swift
    /// explorer.always("completed todos come last unless a sort is pending") { state, tasks in
    ///     tasks.unnamed > 0 || state.completedComeLast
    /// }
    /// ```
    public var unnamed: Int { Int(TaskTracker.unnamedCount(in: mask)) }

    /// Whether no modelled task is pending, named or unnamed.
    ///
    /// ```swift
    /// explorer.terminal { state, tasks in state.isDone && tasks.isEmpty }
    /// ```
    public var isEmpty: Bool { mask == 0 }
}
