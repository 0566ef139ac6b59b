/// An object of a test host's, which is not `Sendable`, held weakly by something that
/// must be: the observer the test host hands its loop, and the test clocks connected to
/// it. A finished test host is never kept alive by them.
///
/// `@unchecked Sendable`, and the testing module's only such type. It is safe because the
/// object is reached only in the context of the test that drives its host:
/// - the loop calls its observers in its own turns, which a test host runs in its test's
///   task, where the activity recorder lives too;
/// - a clock settles its test hosts in its caller's context (the module's async functions
///   run on their caller's actor), never on a thread or task of its own, and a test host
///   settles for a clock only in the task that drives it (``DrivingTask``), refusing any
///   other.
///
/// ```swift
/// let held = TestContextReference(recorder)
/// let observer = HostObserver<State, Event> { held.object?.observe($0) }
/// ```
struct TestContextReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
