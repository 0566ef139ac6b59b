import EffectEngine
import EffectEngineExploration
import EffectEngineJournal
import EffectEnginePersistence

extension LineProgram {
    /// Runs the program, as `main(commands:initialState:env:render:update:)` does, for a
    /// feature whose state and events are `Codable`: it also keeps its state with
    /// `--state FILE`, records a journal with `--record FILE`, and replays one with
    /// `--replay FILE`.
    ///
    /// ```swift
    /// // swift run search --record bug.journal    then    swift run search --replay bug.journal
    /// await LineProgram(name: "search", summary: "live search").main(
    ///     commands: Search.commands, initialState: Search.State(),
    ///     env: { _ in .live }, render: Search.render, update: Search.update)
    /// ```
    ///
    /// `--replay` reads no input: it folds the journal through `update` (task bodies never
    /// run; the events they delivered come from the journal), prints the renderings the
    /// recorded run printed and then the final state, one field a line. A journal that
    /// cannot be read is an error naming its line (status 64); a replay that differs from
    /// the journal names the first step that differs (status 1).
    ///
    /// - Parameters:
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line.
    ///   - env: Makes the feature's env from the parsed arguments.
    ///   - render: The text shown for a state.
    ///   - update: The feature's transition function.
    @MainActor
    public func main<State: Codable & Sendable & Equatable, Event: Codable & Sendable, Env: Sendable>(
        commands: LineCommands<Event>,
        initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let parsed = try? parse(arguments), let path = parsed.settings.replayPath, !parsed.showsHelp {
            LineExitStatus.exit(
                with: replay(path, arguments: parsed, initialState: initialState, env: env, render: render, update: update))
        }
        LineExitStatus.exit(
            with: await run(
                commands: commands, initialState: initialState, env: env, render: render, update: update,
                keptState: { path throws(LineError) in try Self.loadState(State.self, from: path, output: .standard) },
                journals: true,
                attach: { host throws(LineError) in
                    let keeping = Self.keepState(host)
                    guard let journaling = try journal(host, update: update) else { return keeping }
                    return {
                        await keeping?()
                        journaling()
                    }
                }))
    }

    /// Runs the program as `main(commands:initialState:env:render:update:)` does for a
    /// feature whose state and events are `Codable` (`--state`, `--record`, `--replay`),
    /// and with `--explore` explores it: see ``explore(arguments:output:env:render:explorer:)``.
    ///
    /// ```swift
    /// await LineProgram(name: "search", summary: "live search").main(
    ///     commands: Search.commands, initialState: Search.State(), env: { _ in .live },
    ///     render: Search.render, update: Search.update, explorer: Search.explorer)
    /// ```
    ///
    /// - Parameters:
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line, when there is no state file.
    ///   - env: Makes the feature's env from the parsed arguments.
    ///   - render: The text shown for a state, also each state's label in the graph.
    ///   - update: The feature's transition function.
    ///   - explorer: Makes the feature's explorer for an env.
    @MainActor
    public func main<State: Hashable & Codable & Sendable, Event: Codable & Sendable, Env: Sendable>(
        commands: LineCommands<Event>,
        initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?,
        explorer: (Env) -> Explorer<State, Event, Env>
    ) async -> Never {
        exploreIfAsked(env: env, render: render, explorer: explorer)
        await exploring.main(
            commands: commands, initialState: initialState, env: env, render: render, update: update)
    }

    /// `--replay`: the journal's renderings and final state on standard output; the
    /// first divergence, or why the journal cannot be read, on standard error.
    @MainActor
    func replay<State: Codable & Sendable & Equatable, Event: Codable & Sendable, Env: Sendable>(
        _ path: String, arguments: LineArguments, initialState: State,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Int32 {
        let output = LineOutput.standard
        do throws(LineError) {
            let env = try env(arguments)
            let journal: Journal<Event>
            let start: State
            do throws(JournalError) {
                journal = try Journal<Event>.read(from: path)
                start = try journal.initialState(State.self) ?? initialState
            } catch {
                throw LineError("\(error)")
            }
            let replay = journal.replay(initialState: start, env: env, update: update)
            if let failed = Self.writeReport(journal, start: start, to: arguments.settings.reportPath, update: update) {
                return failed
            }
            let console = LineConsole<State, Event>(output: output, render: render)
            console.show(start)
            for state in replay.settledStates { console.show(state) }
            console.writeOutput(StateLayout.text(replay.state))
            if let divergence = replay.divergence {
                _ = output.write("error: the replay differs from \(path) at \(divergence)\n", .standardError)
                return LineExitStatus.rejectedLine
            }
            return LineExitStatus.success
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.usage
        }
    }
}
