import EffectEngine
import EffectEngineShared

/// What a ``TestHost`` would report in `finish()` after its last step, kept where its
/// release can read it (T3).
///
/// A test host is released where its test lets go of it, and its `deinit` runs there, in
/// the test, after the test's last step. The host writes down, after each of its steps,
/// the events delivered and not received and the tasks running; when no `finish()`
/// followed the last step, the `deinit` first runs what is ready to run, as `finish()`
/// does, writes them down again, and reports them from this lock-guarded copy, inside the
/// test that released it (H9: a task whose body would return at once is not reported).
/// Diagnostics not expected are kept with them (T10). The copy holds the values
/// themselves: they are rendered only for a report, never at each step.
final class ReleaseCheck<Event: Sendable>: Sendable {
    private struct Snapshot {
        /// Whether a send or a receive came after the last `finish()` or `stop()`.
        var needsCheck = false
        var isExhaustive = true
        var unreceived: [Event] = []
        var running: [TaskInfo] = []
        var diagnostics: [ReportedDiagnostic<Event>] = []
        var sleepsOnTestClock = false
    }

    private let snapshot = Locked(Snapshot())

    /// A step that `finish()` must follow (a send, a receive) happened, or `finish()` /
    /// `stop()` accounted for everything.
    func setNeedsCheck(_ needsCheck: Bool) {
        snapshot.withLock { $0.needsCheck = needsCheck }
    }

    /// Whether a send or a receive came after the last `finish()` or `stop()`: whether the
    /// release checks anything.
    var needsCheck: Bool { snapshot.withLock { $0.needsCheck } }

    /// What is unaccounted for now.
    func update(
        unreceived: [Event], running: [TaskInfo], diagnostics: [ReportedDiagnostic<Event>], isExhaustive: Bool,
        sleepsOnTestClock: Bool
    ) {
        snapshot.withLock { snapshot in
            snapshot.unreceived = unreceived
            snapshot.running = running
            snapshot.diagnostics = diagnostics
            snapshot.isExhaustive = isExhaustive
            snapshot.sleepsOnTestClock = sleepsOnTestClock
        }
    }

    /// The host is released: fails the test at `site` (or records, when not exhaustive)
    /// for what was left unaccounted for after steps no `finish()` followed.
    func report(at site: CallSite) {
        let snapshot = snapshot.withLock { $0 }
        guard
            snapshot.needsCheck,
            !snapshot.unreceived.isEmpty || !snapshot.running.isEmpty || !snapshot.diagnostics.isEmpty
        else { return }
        var lines = ["The test ended without finish() after its last step, and the test host was released with:"]
        if !snapshot.diagnostics.isEmpty {
            lines.append("\(snapshot.diagnostics.count) diagnostic(s) the test did not expect:")
            lines += snapshot.diagnostics.map { "  " + $0.description }
        }
        if !snapshot.unreceived.isEmpty {
            lines.append("\(snapshot.unreceived.count) delivered event(s) not received:")
            lines += snapshot.unreceived.map { "  " + StateDiff.render($0) }
        }
        if !snapshot.running.isEmpty {
            lines.append(
                "\(snapshot.running.count) task(s) still running"
                    + (snapshot.sleepsOnTestClock ? ", each asleep on a TestClock" : "") + ":")
            lines += snapshot.running.map { "  \($0)" }
        }
        lines.append(
            "Expect the diagnostics, receive the events, end the tasks, and call await host.finish() at the end "
                + "of the test.")
        let message = lines.joined(separator: "\n")
        if snapshot.isExhaustive {
            site.fail(message)
        } else {
            site.noteSkipped(message)
        }
    }
}
