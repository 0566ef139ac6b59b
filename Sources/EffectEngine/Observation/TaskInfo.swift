/// The identity of one task started by a host: a number unique within the host, and
/// the task's name.
///
/// ```swift
/// HostObserver { activity in
///     if case .task(.started(let info)) = activity { print("started \(info)") }  // task "tick" #1
/// }
/// ```
public struct TaskInfo: Hashable, Sendable, CustomStringConvertible {
    /// A number unique among the tasks of one host, increasing in start order.
    public let id: UInt64
    /// The task's name, or `nil` for an unnamed task.
    public let name: String?

    /// Creates a task identity.
    ///
    /// ```swift
    /// let info = TaskInfo(id: 1, name: "tick")
    /// ```
    ///
    /// - Parameters:
    ///   - id: The number of the task within its host.
    ///   - name: The task's name.
    public init(id: UInt64, name: String?) {
        self.id = id
        self.name = name
    }

    /// `task "search" #3`, or `task #3` for an unnamed task.
    public var description: String {
        if let name { "task \"\(name)\" #\(id)" } else { "task #\(id)" }
    }
}
