import EffectEngine

/// What happened to a task after an entry's event: it started, was replaced or cancelled,
/// ended, or failed. A journal keeps them so that a report can draw each task from its
/// start to its end.
///
/// ```swift
/// let change = JournalTaskChange(.replaced(TaskInfo(id: 1, name: "search"), by: TaskInfo(id: 2, name: "search")))
/// #expect(change.kind == .replaced && change.task == 1 && change.replacement == 2)
/// ```
public struct JournalTaskChange: Codable, Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Codable, Sendable {
        /// The task was started by the entry's effect (or by an `.action` of its chain).
        case started
        /// A task of the same name replaced it (R5).
        case replaced
        /// A `.cancel`, a `.cancel(scope:)` or the host's stop cancelled it.
        case cancelled
        /// Its body returned.
        case ended
        /// Its body threw an error other than `CancellationError`.
        case failed
    }

    /// What happened.
    public var kind: Kind
    /// The task's id, as ``JournalCause/task(name:id:)`` names it.
    public var task: UInt64
    /// The task's name; `nil` for an unnamed task.
    public var name: String?
    /// The id of the task that replaced it, for ``Kind/replaced``.
    public var replacement: UInt64?
    /// The error it threw, for ``Kind/failed``.
    public var error: String?

    /// Creates a change.
    ///
    /// ```swift
    /// let change = JournalTaskChange(kind: .started, task: 3, name: "search")
    /// ```
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - task: The task's id.
    ///   - name: The task's name, if any.
    ///   - replacement: For a replaced task, the id of the task that replaced it.
    ///   - error: For a failed task, its error.
    public init(kind: Kind, task: UInt64, name: String?, replacement: UInt64? = nil, error: String? = nil) {
        self.kind = kind
        self.task = task
        self.name = name
        self.replacement = replacement
        self.error = error
    }

    /// The change a host reported, as a journal keeps it.
    ///
    /// ```swift
    /// let change = JournalTaskChange(.started(TaskInfo(id: 3, name: "search")))
    /// ```
    ///
    /// - Parameter activity: A task's activity, from a host observer.
    public init(_ activity: TaskActivity) {
        switch activity {
        // A paced body waiting for its time is drawn from its issue, as a started one.
        case .started(let task), .scheduled(let task, _): self.init(kind: .started, task: task.id, name: task.name)
        case .replaced(let task, let new):
            self.init(kind: .replaced, task: task.id, name: task.name, replacement: new.id)
        case .cancelled(let task): self.init(kind: .cancelled, task: task.id, name: task.name)
        case .ended(let task): self.init(kind: .ended, task: task.id, name: task.name)
        case .failed(let task, let error):
            self.init(kind: .failed, task: task.id, name: task.name, error: String(describing: error))
        }
    }

    /// As a trace line shows it: `replaced task "search" #1 by #2`.
    public var description: String {
        let task = TaskInfo(id: task, name: name)
        switch kind {
        case .replaced: return "replaced \(task)" + (replacement.map { " by #\($0)" } ?? "")
        case .failed: return "failed \(task)" + (error.map { ": \($0)" } ?? "")
        default: return "\(kind.rawValue) \(task)"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, task, name, replacement = "by", error
    }
}
