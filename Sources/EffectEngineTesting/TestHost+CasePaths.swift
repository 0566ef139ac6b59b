import EffectEngine
import EffectEngineShared

// T13: tests that read like TCA's, without macros: an event received by its case, named
// by the case's constructor, as TCA's `receive(\.loaded)` names it by a case key path.

extension TestHost {
    /// Waits for the next event a task delivered (or the next step of the chain just
    /// processed) that is in the case `embed` constructs, and asserts the state it and its
    /// chain produced: `receive(_:timeout:assert:)` of an event for an
    /// event whose payload does not matter or is not `Equatable`, with no
    /// `if case … { true } else { false }`.
    ///
    /// ```swift
    /// await host.receive(Movies.Event.loaded) {               // .loaded(Result<[Movie], any Error>)
    ///     $0.isLoading = false
    /// }
    /// await host.receive({ .login(.twoFactor(.presented(.response(.success($0))))) }) {
    ///     $0.login = nil
    /// }
    /// ```
    ///
    /// The case is a `CasePath` made from `embed`: nested cases are one
    /// closure, and what else the cases carry is matched too
    /// (`{ .path(.element(id: 0, event: .detail(.saved($0)))) }` takes element 0's only).
    /// Bounded, and exhaustive or not, as `receive(_:)` is.
    ///
    /// - Parameters:
    ///   - embed: The constructor of the case expected, or a closure nesting cases.
    ///   - timeout: The wall-clock bound of the wait; ``timeout`` (1 second) by default.
    ///   - updateExpected: Turns the state before the event into the state expected after
    ///     it and its chain; `nil` expects no change.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive<Value>(
        _ embed: @escaping @Sendable (Value) -> Event,
        timeout: Duration? = nil,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            CasePath(embed), timeout: timeout, assert: updateExpected, fileID: fileID, filePath: filePath,
            line: line, column: column)
    }

    /// Waits for the next event a task delivered (or the next step of the chain just
    /// processed), and asserts it and the state it and its chain produced, for an `Event`
    /// that is not `Equatable` (its cases carry errors, say): the event is compared by its
    /// reflected rendering, as a failure shows it.
    ///
    /// ```swift
    /// await host.receive(.voiceMemos(url, .delegate(.playbackStarted)))
    /// ```
    ///
    /// An `Equatable` event is compared with `==` instead, by
    /// `receive(_:timeout:assert:)` of an event.
    ///
    /// - Parameters:
    ///   - event: The event expected next.
    ///   - timeout: The wall-clock bound of the wait; ``timeout`` (1 second) by default.
    ///   - updateExpected: Turns the state before the event into the state expected after
    ///     it and its chain; `nil` expects no change.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    @_disfavoredOverload
    public func receive(
        _ event: Event,
        timeout: Duration? = nil,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let rendered = StateDiff.render(event)
        await receive(
            rendered, matching: { StateDiff.render($0) == rendered }, expected: nil,
            timeout: timeout ?? self.timeout, assert: updateExpected, at: site)
    }

    /// Waits for the next event in the case `path` names, and asserts the state it and its
    /// chain produced: ``receive(_:timeout:assert:fileID:filePath:line:column:)-((Value)->Event,_,_,_,_,_,_)``
    /// for a case path already made.
    ///
    /// ```swift
    /// let loaded = CasePath(Movies.Event.loaded)
    /// await host.receive(loaded) { $0.isLoading = false }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The case expected.
    ///   - timeout: The wall-clock bound of the wait; ``timeout`` (1 second) by default.
    ///   - updateExpected: Turns the state before the event into the state expected after
    ///     it and its chain; `nil` expects no change.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive<Value>(
        _ path: CasePath<Event, Value>,
        timeout: Duration? = nil,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            "an event in the case holding \(TypeName.withArticle(Value.self))", matching: path.matches, expected: nil,
            timeout: timeout ?? self.timeout, assert: updateExpected, at: site)
    }
}
