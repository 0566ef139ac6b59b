import EffectEngine

/// The set-up the tests of R9's grace report and bounded stop share, for bodies off the
/// main actor and on it: a host with a 20 ms grace period whose `"start"` runs a task
/// named `"ticker"` that ignores its cancellation, and which records what the host
/// reports.
///
/// ```swift
/// let ticker = StubbornTicker()
/// defer { ticker.release.fire() }
/// ticker.host.send("start")
/// await ticker.reported.wait()
/// ```
@MainActor
struct StubbornTicker {
    /// How the ticker's body ignores its cancellation.
    enum Body {
        /// It waits for ``release`` and nothing else, burning no CPU meanwhile (as the
        /// EffectView README's ticker does by swallowing `CancellationError`).
        case waitsForRelease
        /// It sleeps 5 ms at a time until ``release``: a cancelled `Task.sleep` throws at
        /// once, but still through the executor, so a body on the main actor yields it on
        /// every turn.
        case sleepsUntilRelease
    }

    /// Everything the host reported.
    let recorder = Recorder<Trace, String>()
    /// Fired at the end of the test: the body returns then.
    let release = Signal()
    /// Fired when the host reports a body as ignoring its cancellation.
    let reported = Signal()
    let host: TraceHost

    init(_ body: Body = .waitsForRelease, taskIsolation: TaskIsolation = .concurrent) {
        let release = release
        // `nonisolated(nonsending)`, as `.run` takes it: a plain `@Sendable` async closure
        // would leave the caller's actor, and a body meant for the main actor would run off it.
        let ticker: nonisolated(nonsending) @Sendable (Input<String>, Void) async -> Void =
            switch body {
            case .waitsForRelease: { _, _ in await release.waitUnbounded() }
            case .sleepsUntilRelease:
                { _, _ in
                    while !release.hasFired { try? await Task.sleep(for: .milliseconds(5)) }
                }
            }
        host = TraceHost(
            options: HostOptions(gracePeriod: .milliseconds(20), taskIsolation: taskIsolation),
            observer: recorder.observer
        ) { _, event in
            event == "start" ? .run(name: "ticker", ticker) : nil
        }
        let reported = reported
        host.observe { activity in
            if case .diagnostic(.taskIgnoresCancellation) = activity { reported.fire() }
        }
    }

    /// The ids of the tasks reported as ignoring their cancellation, in order.
    var ignoring: [UInt64] {
        recorder.diagnostics.compactMap {
            if case .taskIgnoresCancellation(let task, _) = $0 { task.id } else { nil }
        }
    }
}
