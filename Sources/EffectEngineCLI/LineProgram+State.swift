import EffectEngine
import EffectEnginePersistence

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension LineProgram {
    /// Runs a program whose feature has no dependencies and whose state can be kept
    /// between runs: `--state FILE`, as in `main(commands:initialState:env:render:update:)`.
    ///
    /// ```swift
    /// // swift run tally --state tally.json   (the total survives the next run)
    /// await LineProgram(name: "tally", summary: "adds numbers").main(
    ///     commands: Tally.commands, initialState: Tally.State(),
    ///     render: Tally.render, update: Tally.update)
    /// ```
    ///
    /// - Parameters:
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line, when there is no state file.
    ///   - render: The text shown for a state.
    ///   - update: The feature's transition function.
    @MainActor
    public func main<State: Codable & Sendable & Equatable, Event: Sendable>(
        commands: LineCommands<Event>,
        initialState: State,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Void>?
    ) async -> Never {
        await main(
            commands: commands, initialState: initialState, env: { _ in () }, render: render, update: update)
    }

    /// Runs the program, as `main(commands:initialState:env:render:update:)` does, for a
    /// feature whose state can be kept between runs: `--state FILE` loads the state from
    /// `FILE` (if it exists) and saves each settled state to it as it changes.
    ///
    /// ```swift
    /// // swift run counter --state count.json   (the count survives the next run)
    /// await LineProgram(name: "counter", summary: "a ticking counter").main(
    ///     commands: Counter.commands, initialState: Counter.State(),
    ///     env: { _ in .live }, render: Counter.render, update: Counter.update)
    /// ```
    ///
    /// Saves are those of ``EffectEnginePersistence/StateFile`` and
    /// ``EffectEngine/EffectHost/persist(to:every:)``: atomic, durable, at most one a
    /// second, the last state always written before the program exits. A file that is not
    /// a state file is moved aside with a warning and the program starts from
    /// `initialState`; a file from a newer program, one that cannot be read, or a damaged
    /// one that cannot be moved aside, is an error (status 64) and is left untouched.
    ///
    /// - Parameters:
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line, when there is no state file.
    ///   - env: Makes the feature's env from the parsed arguments.
    ///   - render: The text shown for a state.
    ///   - update: The feature's transition function.
    @MainActor
    public func main<State: Codable & Sendable & Equatable, Event: Sendable, Env: Sendable>(
        commands: LineCommands<Event>,
        initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) async -> Never {
        LineExitStatus.exit(
            with: await run(
                commands: commands, initialState: initialState, env: env, render: render, update: update,
                keptState: { path throws(LineError) in try Self.loadState(State.self, from: path, output: .standard) },
                attach: Self.keepState))
    }

    /// Saves the host's settled states to `--state`'s file; returns what ends the saving.
    @MainActor
    static func keepState<State: Codable & Sendable & Equatable, Event, Env>(
        _ host: LineHost<State, Event, Env>
    ) -> (@MainActor () async -> Void)? {
        guard let path = host.settings.statePath else { return nil }
        let saver = host.host.persist(to: StateFile<State>(path: path))
        return { await saver.flush() }
    }

    /// The state kept in the file at `path`, `nil` when there is none yet. A file that is
    /// not a state file was moved aside: a warning, and the run starts afresh.
    static func loadState<State: Codable & Sendable>(
        _: State.Type, from path: String, output: LineOutput
    ) throws(LineError) -> State? {
        do throws(StateFileError) {
            return try StateFile<State>(path: path).load()
        } catch where error.kind == .undecodable && error.movedTo != nil {
            _ = output.write("warning: \(error); starting afresh\n", .standardError)
            return nil
        } catch {
            throw LineError("\(error)")
        }
    }
}
