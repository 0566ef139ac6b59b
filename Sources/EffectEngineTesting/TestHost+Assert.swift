import EffectEngine
import EffectEngineShared

extension TestHost {
    /// Asserts the state at this point of the test, with the same field-by-field diff
    /// as ``send(_:assert:fileID:filePath:line:column:)`` (T11).
    ///
    /// The closure changes a copy of the state; the test fails where the copy then
    /// differs from the state, so it passes when every field it sets already holds that
    /// value. Nothing runs: no task work, no event (see "What has run when send
    /// returns" in the Testing article).
    ///
    /// ```swift
    /// await host.send(.load) { $0.isLoading = true }
    /// await host.assert { $0.isLoading = true }
    /// ```
    ///
    /// In an exhaustive test the state asserted is the one the test has accounted for:
    /// that of its last step, before any event delivered and not yet received. In a
    /// non-exhaustive test it is the host's current state.
    ///
    /// - Parameters:
    ///   - updateExpected: Sets the fields expected, on a copy of the state. An error it
    ///     throws fails the test.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func assert(
        _ updateExpected: (inout State) throws -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard beginStep("assert", at: site) else { return }
        defer { driving.end() }
        let unreceived = exhaustivity.isExhaustive ? recorder.deliveries : []
        let actual = unreceived.first?.before ?? loop.state
        var expected = actual
        do {
            try updateExpected(&expected)
        } catch {
            return site.fail("The assertion of assert threw: \(error)")
        }
        guard expected != actual else { return }
        var message = mismatch(expected: expected, actual: actual, heading: "State at assert")
        if !unreceived.isEmpty {
            message +=
                "\n(The state of the test's last step: \(unreceived.count) delivered event(s) not yet received "
                + "changed it since, receive them first: "
                + unreceived.map { StateDiff.render($0.event) }.joined(separator: ", ") + ".)"
        }
        site.fail(message)
    }
}
