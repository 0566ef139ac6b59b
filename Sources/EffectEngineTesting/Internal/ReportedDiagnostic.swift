import EffectEngine

/// A diagnostic the loop reported, and where it came from (T10).
struct ReportedDiagnostic<Event: Sendable>: Sendable {
    enum Origin: Sendable {
        /// Reported while the chain of this event was processed.
        case chain(ChainRoot<Event>)
        /// About a task, started in the chain of this event (unknown if `nil`).
        case task(TaskInfo, startedBy: ChainRoot<Event>?)
        /// Neither: reported to the host by something attached to it.
        case outside
    }

    let diagnostic: Diagnostic
    let origin: Origin

    /// Whether an exhaustive test that did not expect it fails (T10): as
    /// ``Diagnostic/failsExhaustiveTest`` says, and also for a binding the form refused
    /// (a value its `update` does not take, N12): a binding is what a person typed, and a
    /// test that sends one the form turns away means to say so.
    var failsExhaustiveTest: Bool {
        if diagnostic.failsExhaustiveTest { return true }
        guard case .rejected = diagnostic, case .chain(let root) = origin else { return false }
        return BindingEvents.carried(by: root.event)
    }

    /// The diagnostic and where it came from, on one line.
    var description: String {
        switch origin {
        case .chain(let root):
            "\(diagnostic) (reported during \(root.description))"
        case .task(let task, let root?):
            "\(diagnostic) (\(task) was started by \(root.description))"
        case .task, .outside:
            "\(diagnostic)"
        }
    }
}

extension Diagnostic {
    /// The task a diagnostic is about, if it names one.
    var task: TaskInfo? {
        switch self {
        case .taskFailed(let task, _), .taskIgnoresCancellation(let task, _): task
        default: nil
        }
    }

    /// Whether an exhaustive test that did not expect this diagnostic fails (T10).
    ///
    /// Every diagnostic does, a new kind included, except those that are not a problem
    /// of the feature's or that the test has seen already: a rejection (`Effect.reject(_:)`,
    /// the feature's own refusal, L8), the bodies a bounded stop left behind (the test
    /// host's `stop()` fails naming them itself, T7), and the error an `unimplemented(_:)`
    /// stand-in threw (the stand-in failed the test when it was called).
    var failsExhaustiveTest: Bool {
        switch self {
        case .rejected, .tasksLeftBehind: false
        case .taskFailed(_, let error): !(error is UnimplementedCall)
        default: true
        }
    }
}
