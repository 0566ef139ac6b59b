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
    /// `initialState`; a file from a newer program, or one that cannot be read, is an
    /// error (status 64) and is left untouched.
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
        signal(SIGPIPE, SIG_IGN)
        let output = LineOutput.standard
        let host = makeHost(
            arguments: CommandLine.arguments.dropFirst(), output: output, commands: commands,
            initialState: initialState, env: env, render: render, update: update,
            isInteractive: isatty(STDIN_FILENO) == 1,
            keptState: { path throws(LineError) in try Self.loadState(State.self, from: path, output: output) })
        guard case .success(let host) = host else {
            if case .failure(let early) = host { LineExitStatus.exit(with: early.status) }
            LineExitStatus.exit(with: LineExitStatus.usage)
        }
        let saver = host.settings.statePath.map { host.host.persist(to: StateFile<State>(path: $0)) }
        let status = await host.runStandardInput()
        await saver?.flush()
        LineExitStatus.exit(with: status)
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
