import EffectEngine
import EffectEngineJournal

extension UpdateSpec where Event: Codable {
    /// Replays a recorded journal through the spec's `update` and fails the test at the
    /// first step that differs: a recorded run becomes a regression test in one line.
    ///
    /// ```swift
    /// @Test func theReportedRunStillEndsStopped() {
    ///     let state = UpdateSpec(Counter.update, env: .mock).replay(journalAt: "Fixtures/bug-42.journal")
    ///     #expect(state?.isRunning == false)
    /// }
    /// ```
    ///
    /// The replay starts from the state recorded in the journal's header when `State` is
    /// `Decodable` and the header holds one, else from `initialState`. It steps each
    /// recorded event through `update` (task bodies never run: the events they delivered
    /// are in the journal, and so, by default, are the events `.action`s produced, J1) and
    /// compares each step's effect summary and state digest with the recorded ones. With
    /// `actions: .rerun` the actions run again with the spec's env, and one that produces
    /// a different event fails. A journal that cannot be read fails the test with the line
    /// at fault.
    ///
    /// - Parameters:
    ///   - path: The journal file, as `host.record(to:)` or the line host's `--record` wrote it.
    ///   - initialState: The state to start from when the header holds none.
    ///   - schemaVersion: The version the journal was recorded with, if any.
    ///   - actions: Where the events of `.action`s come from; the journal by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    /// - Returns: The state the replay reached, `nil` when the journal could not be read or
    ///   the replay differs (the test has then failed).
    @discardableResult
    public func replay(
        journalAt path: String,
        from initialState: State? = nil,
        schemaVersion: String = "",
        actions: ReplayedActions = .fromJournal,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> State? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if actions == .rerun, env == nil {
            site.fail("replaying with actions: .rerun runs .action closures: make the spec with UpdateSpec(update, env:)")
            return nil
        }
        let journal: Journal<Event>
        let start: State
        do throws(JournalError) {
            journal = try Journal<Event>.read(from: path, schemaVersion: schemaVersion)
            guard let state = try recordedState(in: journal) ?? initialState else {
                site.fail("\(path) records no initial state: pass replay(journalAt:from:) the state to start from")
                return nil
            }
            start = state
        } catch {
            site.fail("cannot replay: \(error)")
            return nil
        }
        let replay =
            if let env, actions == .rerun {
                journal.replay(initialState: start, env: env, actions: .rerun, chainLimit: chainLimit, update: update)
            } else {
                journal.replay(initialState: start, update: update)
            }
        if let divergence = replay.divergence {
            site.fail("the replay of \(path) differs at \(divergence)")
            return nil
        }
        return replay.state
    }

    /// The initial state in the journal's header, when `State` can be decoded.
    private func recordedState(in journal: Journal<Event>) throws(JournalError) -> State? {
        guard let decodable = State.self as? any Decodable.Type else { return nil }
        return try journal.initialState(decodable) as? State
    }
}
