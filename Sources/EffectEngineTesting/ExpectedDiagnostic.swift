import EffectEngine
import EffectEngineShared

/// A diagnostic a test expects its host to report, for ``TestHost/expectDiagnostic(_:timeout:fileID:filePath:line:column:)``
/// (T10).
///
/// `Diagnostic` carries errors and task records, which are not `Equatable`, so a test
/// names the diagnostic it expects by its kind, narrowed where that helps (a task's name,
/// a child's scope), or by a predicate for anything else:
///
/// ```swift
/// await host.send(.row(4, .tick))                          // row 4 is gone
/// await host.expectDiagnostic(.childMissing(scope: "rows/4"))
///
/// await host.send(.load) { $0.isLoading = true }
/// await host.expectDiagnostic(.taskFailed(named: "load"))
///
/// await host.expectDiagnostic(.matching { "\($0)".contains("offline") })
/// ```
public struct ExpectedDiagnostic: Sendable, CustomStringConvertible {
    /// How the expectation is shown in failures, such as `.taskFailed(named: "load")`.
    public let description: String
    private let predicate: @Sendable (Diagnostic) -> Bool

    /// An expectation met by every diagnostic `predicate` accepts.
    ///
    /// ```swift
    /// let cut = ExpectedDiagnostic(".chainCut") { if case .chainCut = $0 { true } else { false } }
    /// ```
    ///
    /// - Parameters:
    ///   - description: How the expectation is shown in failures.
    ///   - predicate: Whether a diagnostic is the one expected.
    public init(_ description: String, matching predicate: @escaping @Sendable (Diagnostic) -> Bool) {
        self.description = description
        self.predicate = predicate
    }

    /// Whether `diagnostic` meets the expectation.
    ///
    /// ```swift
    /// #expect(ExpectedDiagnostic.chainCut.matches(.chainCut(limit: 10, event: ".ping")))
    /// ```
    ///
    /// - Parameter diagnostic: A diagnostic the host reported.
    /// - Returns: Whether it is the one expected.
    public func matches(_ diagnostic: Diagnostic) -> Bool {
        predicate(diagnostic)
    }

    /// Any diagnostic `predicate` accepts: for a kind this type has no name for.
    ///
    /// ```swift
    /// await host.expectDiagnostic(.matching { if case .writeFailed = $0 { true } else { false } })
    /// ```
    ///
    /// - Parameter predicate: Whether a diagnostic is the one expected.
    /// - Returns: The expectation.
    public static func matching(_ predicate: @escaping @Sendable (Diagnostic) -> Bool) -> ExpectedDiagnostic {
        ExpectedDiagnostic(".matching { … }", matching: predicate)
    }

    /// Any diagnostic whose description contains `text`.
    ///
    /// ```swift
    /// await host.expectDiagnostic(.containing("no child rows/4"))
    /// ```
    ///
    /// - Parameter text: Part of the diagnostic's one-line description.
    /// - Returns: The expectation.
    public static func containing(_ text: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(".containing(\(StateDiff.render(text)))") { "\($0)".contains(text) }
    }

    /// An `.action` chain cut at the host's limit (R13).
    ///
    /// ```swift
    /// await host.send(.ping)                  // .ping → .pong → .ping → …
    /// await host.expectDiagnostic(.chainCut)
    /// ```
    public static let chainCut = ExpectedDiagnostic(".chainCut") {
        if case .chainCut = $0 { true } else { false }
    }

    /// A task that threw an error other than `CancellationError` (R14).
    ///
    /// ```swift
    /// await host.expectDiagnostic(.taskFailed)
    /// ```
    public static let taskFailed = ExpectedDiagnostic(".taskFailed") {
        if case .taskFailed = $0 { true } else { false }
    }

    /// The task named `name` threw an error other than `CancellationError` (R14).
    ///
    /// ```swift
    /// await host.expectDiagnostic(.taskFailed(named: "load"))
    /// ```
    ///
    /// - Parameter name: The task's name, with its scope (`rows/7/load`).
    /// - Returns: The expectation.
    public static func taskFailed(named name: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(".taskFailed(named: \(StateDiff.render(name)))") {
            if case .taskFailed(let task, _) = $0 { task.name == name } else { false }
        }
    }

    /// A cancelled task's body still running its grace period after its cancellation (R9):
    /// ten seconds in a test host.
    ///
    /// ```swift
    /// await host.expectDiagnostic(.taskIgnoresCancellation, timeout: .seconds(15))
    /// ```
    public static let taskIgnoresCancellation = ExpectedDiagnostic(".taskIgnoresCancellation") {
        if case .taskIgnoresCancellation = $0 { true } else { false }
    }

    /// An event for a child that is no longer in its parent's state, dropped (C2).
    ///
    /// ```swift
    /// await host.expectDiagnostic(.childMissing)
    /// ```
    public static let childMissing = ExpectedDiagnostic(".childMissing") {
        if case .childMissing = $0 { true } else { false }
    }

    /// An event for the child at `scope`, which is no longer in its parent's state,
    /// dropped (C2).
    ///
    /// ```swift
    /// await host.expectDiagnostic(.childMissing(scope: "rows/4"))
    /// ```
    ///
    /// - Parameter scope: Where the child was, such as `rows/4`.
    /// - Returns: The expectation.
    public static func childMissing(scope: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(".childMissing(scope: \(StateDiff.render(scope)))") {
            if case .childMissing(let missing, _) = $0 { missing == scope } else { false }
        }
    }

    /// A refusal of the feature's (`Effect.reject(_:)`, L8). A test host never fails
    /// on one it did not expect; a test may still assert one.
    ///
    /// ```swift
    /// await host.send(.select(9))
    /// await host.expectDiagnostic(.rejected)
    /// ```
    public static let rejected = ExpectedDiagnostic(".rejected") {
        if case .rejected = $0 { true } else { false }
    }

    /// A refusal of the feature's, in these words (`Effect.reject(_:)`, L8).
    ///
    /// ```swift
    /// await host.expectDiagnostic(.rejected("no movie 9: pick 1 to 3"))
    /// ```
    ///
    /// - Parameter reason: The feature's words.
    /// - Returns: The expectation.
    public static func rejected(_ reason: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(".rejected(\(StateDiff.render(reason)))") {
            if case .rejected(let given) = $0 { given == reason } else { false }
        }
    }

    /// A file that something attached to the host could not write.
    ///
    /// ```swift
    /// await host.expectDiagnostic(.writeFailed)
    /// ```
    public static let writeFailed = ExpectedDiagnostic(".writeFailed") {
        if case .writeFailed = $0 { true } else { false }
    }

    /// How a test would expect `diagnostic`, for the failure that reports it unexpected.
    static func spelling(for diagnostic: Diagnostic) -> String {
        switch diagnostic {
        case .chainCut: chainCut.description
        case .taskFailed(let task, _): task.name.map { taskFailed(named: $0).description } ?? taskFailed.description
        case .taskIgnoresCancellation: taskIgnoresCancellation.description
        case .childMissing(let scope, _): childMissing(scope: scope).description
        case .writeFailed: writeFailed.description
        default: ".matching { … }"
        }
    }
}
