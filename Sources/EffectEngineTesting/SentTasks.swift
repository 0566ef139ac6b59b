import EffectEngine

/// The tasks one ``TestHost/send(_:assert:fileID:filePath:line:column:)`` started, its
/// event's and its synchronous chain's (T8): a test cancels them, or waits for them to
/// end, as TCA's `TestStoreTask` lets it.
///
/// ```swift
/// let search = await host.send(.searchTapped) { $0.isSearching = true }
/// await search.cancel()                  // the request in flight is cancelled
/// await host.finish()
///
/// let load = await host.send(.load) { $0.isLoading = true }
/// await load.finish()                    // waits, bounded, for the load to end
/// await host.receive(.loaded(["Alien"])) { … }
/// ```
///
/// Discarding the handle is fine: `send` returns it as a discardable result. The handle
/// does not keep its test host alive; once the host is gone it does nothing. Like its test
/// host, it belongs to the test that made it (it is not `Sendable`).
public struct SentTasks {
    /// The tasks the event and its chain started, in start order: running or not.
    public let tasks: [TaskInfo]
    private let host: WeakDriver

    init(tasks: [TaskInfo], host: any SentTasksDriver) {
        self.tasks = tasks
        self.host = WeakDriver(host)
    }

    /// Whether some of ``tasks`` still runs.
    ///
    /// ```swift
    /// let timer = await host.send(.start) { $0.isRunning = true }
    /// #expect(timer.isRunning)
    /// ```
    public var isRunning: Bool { host.driver.map { !$0.running(of: ids).isEmpty } ?? false }

    /// Cancels those of ``tasks`` still running, as a `.cancel` of each would, and lets
    /// the host settle, so their bodies see the cancellation and what they send is
    /// dropped (R7).
    ///
    /// ```swift
    /// let request = await host.send(.locationTapped(paris)) { $0.selected = paris.id }
    /// await request.cancel()
    /// ```
    public func cancel(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await host.driver?.cancel(ids, at: site)
    }

    /// Waits for every one of ``tasks`` to end, at most `timeout` of wall-clock time, and
    /// fails the test, naming them, for those still running; at once when they only sleep
    /// on a connected ``TestClock``, which only the test can move. Events they delivered
    /// meanwhile wait for `receive`.
    ///
    /// ```swift
    /// let save = await host.send(.save) { $0.isSaving = true }
    /// await save.finish()
    /// await host.receive(.saved) { $0.isSaving = false }
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: The wall-clock bound; the host's ``TestHost/timeout`` by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await host.driver?.finish(ids, timeout: timeout, at: site)
    }

    private var ids: Set<UInt64> { Set(tasks.map(\.id)) }
}

/// What a ``SentTasks`` asks of its test host.
protocol SentTasksDriver: AnyObject {
    /// Those of the tasks `ids` still running, in start order.
    func running(of ids: Set<UInt64>) -> [TaskInfo]
    func cancel(_ ids: Set<UInt64>, at site: CallSite) async
    func finish(_ ids: Set<UInt64>, timeout: Duration?, at site: CallSite) async
}

/// A test host held weakly, so a kept handle never keeps its host (and the checks of its
/// release, T3) alive.
private final class WeakDriver {
    weak var driver: (any SentTasksDriver)?

    init(_ driver: any SentTasksDriver) {
        self.driver = driver
    }
}

extension TestHost: SentTasksDriver {
    func running(of ids: Set<UInt64>) -> [TaskInfo] {
        loop.runningTasks.filter { ids.contains($0.id) }
    }

    func cancel(_ ids: Set<UInt64>, at site: CallSite) async {
        guard beginStep("cancel()", at: site) else { return }
        defer { driving.end() }
        loop.cancelTasks(ids: ids)
        await settle(at: site)
        noteUnaccounted()
    }

    func finish(_ ids: Set<UInt64>, timeout: Duration?, at site: CallSite) async {
        guard beginStep("finish()", at: site) else { return }
        defer { driving.end() }
        let timeout = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: timeout)
        await settle(at: site, waitingWhile: { !running(of: ids).isEmpty }, until: deadline)
        noteUnaccounted()
        let left = running(of: ids)
        guard !left.isEmpty else { return }
        let sleeping = isWaitingOnlyForTestClock
        site.fail(
            "\(left.count) task(s) the send started still running"
                + (sleeping ? ", asleep on a TestClock" : " after \(timeout)") + ": "
                + left.map(\.description).joined(separator: ", ")
                + (sleeping ? ". Advance the TestClock they sleep on first." : ". " + runningTasksSummary))
    }
}
