import EffectEngine

extension TestHost where Env: TestValue {
    /// A test host whose env is the env's test value (N15), with only the endpoints
    /// `setUp` sets: a call of any other fails the test, naming the endpoint.
    ///
    /// ```swift
    /// let host = TestHost(initialState: Weather.State(), update: Weather.update) { env in
    ///     env.client.search = { _ in ["Paris"] }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the test starts from.
    ///   - clock: The test clock the host's tasks time on; by default the env's own, or a
    ///     new one.
    ///   - exhaustivity: Whether every event and task must be accounted for (T3).
    ///   - timeout: The wall-clock bound of each wait.
    ///   - fileID: Where the host is made, for failures.
    ///   - filePath: Where the host is made, for failures.
    ///   - line: Where the host is made, for failures.
    ///   - column: Where the host is made, for failures.
    ///   - update: The feature's transition function.
    ///   - setUp: Sets the endpoints of `Env.testValue` the test expects to be called.
    public convenience init(
        initialState: State,
        clock: TestClock? = nil,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?,
        setUp: (inout Env) -> Void = { _ in }
    ) {
        var env = Env.testValue
        setUp(&env)
        self.init(
            initialState: initialState, env: env, clock: clock, exhaustivity: exhaustivity, timeout: timeout,
            fileID: fileID, filePath: filePath, line: line, column: column, update: update)
    }
}
