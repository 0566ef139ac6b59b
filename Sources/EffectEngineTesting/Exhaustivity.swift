/// How strictly a ``TestHost`` checks a test.
///
/// Exhaustive (``on``, the default) tests account for everything: every state change is
/// asserted, every delivered event received, no task left running at ``TestHost/finish(timeout:fileID:filePath:line:column:)``.
/// Non-exhaustive tests (``off``) assert only what they say: an assertion closure checks
/// the fields it sets, events not received are skipped, and tasks still running at the end
/// are cancelled. What was skipped is kept in ``TestHost/skippedAssertions``, and shown
/// as known issues under Swift Testing with ``off(showSkipped:)``.
///
/// ```swift
/// let host = TestHost(initialState: App.State(), env: .mock, exhaustivity: .off,
///                     update: App.update)
/// await host.send(.login) { $0.user?.name = "Ann" }   // other changes allowed
/// ```
public struct Exhaustivity: Hashable, Sendable {
    /// Whether every change, event and task must be accounted for.
    ///
    /// ```swift
    /// #expect(Exhaustivity.on.isExhaustive)
    /// ```
    public let isExhaustive: Bool
    /// Whether skipped assertions are shown as known issues (Swift Testing only).
    ///
    /// ```swift
    /// #expect(Exhaustivity.off(showSkipped: true).showsSkipped)
    /// ```
    public let showsSkipped: Bool

    /// Everything must be asserted; the default.
    ///
    /// ```swift
    /// host.exhaustivity = .on
    /// ```
    public static let on = Exhaustivity(isExhaustive: true, showsSkipped: false)

    /// Only what the test asserts is checked; skipped assertions are recorded silently.
    ///
    /// ```swift
    /// host.exhaustivity = .off
    /// ```
    public static let off = Exhaustivity(isExhaustive: false, showsSkipped: false)

    /// Only what the test asserts is checked; skipped assertions are recorded and, with
    /// `showSkipped`, shown as known issues, which do not fail the test.
    ///
    /// ```swift
    /// host.exhaustivity = .off(showSkipped: true)
    /// ```
    ///
    /// - Parameter showSkipped: Whether to show what was skipped.
    /// - Returns: A non-exhaustive setting.
    public static func off(showSkipped: Bool) -> Exhaustivity {
        Exhaustivity(isExhaustive: false, showsSkipped: showSkipped)
    }
}
