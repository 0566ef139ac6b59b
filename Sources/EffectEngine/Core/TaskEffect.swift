/// A `.task` effect the ``Stepper`` met: what a host needs to start it.
///
/// ```swift
/// mutating func taskIssued(_ task: TaskEffect<Event, Env>) {
///     started.append(task.name ?? "unnamed")
/// }
/// ```
public struct TaskEffect<Event: Sendable, Env> {
    /// The task's name, `nil` for an unnamed task.
    public let name: String?
    /// The priority of the Swift `Task` that runs the body.
    public let priority: TaskPriority?
    /// The body.
    public let operation: nonisolated(nonsending) @Sendable (Input<Event>, Env) async throws -> Void
    /// How the task's runs are spaced in time, for a debounced or throttled task (a
    /// `.paced` effect); `nil` for a plain `.task`. A host starts a paced body when its
    /// time comes, and drops a throttled issue that falls in an open window (<doc:Time>).
    public let pacing: TaskPacing?

    /// Creates the description of a task.
    ///
    /// ```swift
    /// let task = TaskEffect<Event, Void>(name: "load", priority: nil) { input, _ in input(.loaded) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name.
    ///   - priority: The priority of the Swift `Task`.
    ///   - pacing: The debounce or throttle of a paced task, `nil` for a plain one.
    ///   - operation: The body.
    @inlinable
    public init(
        name: String?, priority: TaskPriority?, pacing: TaskPacing? = nil,
        operation: nonisolated(nonsending) @escaping @Sendable (Input<Event>, Env) async throws -> Void
    ) {
        self.name = name
        self.priority = priority
        self.pacing = pacing
        self.operation = operation
    }
}

extension TaskEffect: Sendable {}
