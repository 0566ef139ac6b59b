import EffectEngine
import EffectEngineExploration

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension LineProgram {
    /// The options a program run with an explorer understands, beyond its own:
    /// `--explore`, `--depth <n>`, `--max-states <n>`, `--dot <file>`, `--mermaid <file>`
    /// and `--html <file>`.
    ///
    /// ```swift
    /// #expect(LineProgram.explorationOptions.map(\.name) == ["explore", "depth", "max-states", "dot", "mermaid", "html"])
    /// ```
    public static let explorationOptions: [LineOption] = [
        .flag("explore", summary: "explore every state the commands can reach, print a report and exit"),
        .value(
            "depth", placeholder: "n",
            summary: "with --explore: the most events from the start (default: none)"),
        .value(
            "max-states", placeholder: "n",
            summary: "with --explore: the most states visited (default 1000000)"),
        .value(
            "dot", placeholder: "file",
            summary: "with --explore: write the reached graph to file, in Graphviz DOT"),
        .value(
            "mermaid", placeholder: "file",
            summary: "with --explore: write the reached graph to file, in Mermaid"),
        .value(
            "html", placeholder: "file",
            summary: "with --explore: draw the reached graph, failures and their traces as an HTML page"),
    ]

    /// Runs the program on the process's command line, as
    /// `main(commands:initialState:env:render:update:)` does, and with `--explore`
    /// explores the feature instead: see ``explore(arguments:output:env:render:explorer:)``.
    ///
    /// ```swift
    /// await LineProgram(name: "movies", summary: "browse a page of movies").main(
    ///     commands: Movies.commands, initialState: Movies.State(), env: { _ in .live() },
    ///     render: Movies.render, update: Movies.update, explorer: Movies.explorer)
    /// ```
    ///
    /// `--help` lists the exploration options with the program's own. Their names are
    /// the exploration's: a program option of the same name would be read as one.
    ///
    /// - Parameters:
    ///   - commands: The feature's line protocol.
    ///   - initialState: The state before the first line.
    ///   - env: Makes the feature's env from the parsed arguments.
    ///   - render: The text shown for a state, also each state's label in the graph.
    ///   - update: The feature's transition function.
    ///   - explorer: Makes the feature's explorer (its enabled events, task models and
    ///     properties) for an env.
    @MainActor
    public func main<State: Hashable, Event: Sendable, Env: Sendable>(
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

    /// Runs the program as `main(commands:initialState:env:render:update:explorer:)` does,
    /// for a feature whose state can also be kept between runs with `--state FILE`.
    ///
    /// ```swift
    /// await LineProgram(name: "counter", summary: "a ticking counter").main(
    ///     commands: Counter.commands, initialState: Counter.State(), env: { _ in .live() },
    ///     render: Counter.render, update: Counter.update, explorer: Counter.explorer)
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
    public func main<State: Hashable & Codable & Sendable, Event: Sendable, Env: Sendable>(
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

    /// Explores and exits when the command line asks for it; returns otherwise.
    @MainActor
    func exploreIfAsked<State: Hashable, Event: Sendable, Env: Sendable>(
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        explorer: (Env) -> Explorer<State, Event, Env>
    ) {
        signal(SIGPIPE, SIG_IGN)
        if let status = explore(
            arguments: CommandLine.arguments.dropFirst(), output: .standard, env: env, render: render,
            explorer: explorer)
        {
            LineExitStatus.exit(with: status)
        }
    }

    /// Explores the feature when `arguments` hold `--explore`, writing the report to
    /// standard output and the graph to the files `--dot` and `--mermaid` name, and says
    /// which status to exit with; `nil` when the arguments do not ask for exploration
    /// (or do not parse: the host then answers them as usual).
    ///
    /// ```swift
    /// let status = program.explore(
    ///     arguments: ["--explore", "--depth", "8", "--dot", "movies.dot"], output: .standard,
    ///     env: { _ in .live() }, render: Movies.render, explorer: Movies.explorer)
    /// ```
    ///
    /// The exit status is 0 when every property holds, 1 when one fails
    /// (``LineExitStatus/propertyFailed``), 64 for a bad option value or an exploration
    /// option without `--explore`, and 73 when a graph file cannot be written
    /// (``LineExitStatus/cannotWrite``).
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments, without the program's path.
    ///   - output: Where the report and errors are written.
    ///   - env: Makes the feature's env from the parsed arguments.
    ///   - render: Each state's label in the graph.
    ///   - explorer: Makes the feature's explorer for an env.
    /// - Returns: The status to exit with, or `nil` to run the program as usual.
    @MainActor
    public func explore<State: Hashable, Event: Sendable, Env: Sendable>(
        arguments: some Sequence<String>,
        output: LineOutput,
        env: (LineArguments) throws(LineError) -> Env,
        render: @escaping (State) -> String,
        explorer: (Env) -> Explorer<State, Event, Env>
    ) -> Int32? {
        let program = exploring
        guard let parsed = try? program.parse(arguments), !parsed.showsHelp else { return nil }
        let given = ["depth", "max-states", "dot", "mermaid", "html"].filter { parsed.value($0) != nil }
        guard parsed.flag("explore") else {
            guard let first = given.first else { return nil }
            _ = output.write(
                "error: '--\(first)' is an exploration option: add --explore — try '\(name) --help'\n",
                .standardError)
            return LineExitStatus.usage
        }
        let report: ExplorationReport<State, Event>
        do throws(LineError) {
            let depth = try parsed.value("depth").map { _ throws(LineError) in try parsed.int("depth") }
            let states = try parsed.value("max-states").map { _ throws(LineError) in
                try parsed.int("max-states")
            }
            let wantsGraph = ["dot", "mermaid", "html"].contains { parsed.value($0) != nil }
            let model = explorer(try env(parsed))
            do throws(ExplorationError) {
                report = try model.explore(depth: depth, states: states ?? 1_000_000, graph: wantsGraph)
            } catch {
                throw LineError(error.message.split(separator: "\n").joined(separator: "; "))
            }
        } catch {
            _ = output.write("error: \(error.message) — try '\(name) --help'\n", .standardError)
            return LineExitStatus.usage
        }
        _ = output.write(report.description + "\n", .standardOutput)
        if let graph = report.graph {
            let files = [
                ("dot", "DOT", { graph.dot(state: render) }),
                ("mermaid", "Mermaid", { graph.mermaid(state: render) }),
                ("html", "HTML", { report.page(title: "\(name) --explore", state: render).html }),
            ]
            for (option, format, text) in files {
                guard let path = parsed.value(option) else { continue }
                do throws(LineError) {
                    try TextFile.write(text(), to: path)
                } catch {
                    _ = output.write("error: \(error.message)\n", .standardError)
                    return LineExitStatus.cannotWrite
                }
                _ = output.write(
                    "Wrote the graph (\(graph.nodes.count) states, \(graph.edges.count) edges) to "
                        + "\(TextFile.quoted(path)) in \(format).\n", .standardOutput)
            }
        }
        return report.failures.isEmpty ? LineExitStatus.success : LineExitStatus.propertyFailed
    }

    /// This program with the exploration options added to its own.
    var exploring: LineProgram {
        let own = Set(options.map(\.name))
        return LineProgram(
            name: name, summary: summary,
            options: options + Self.explorationOptions.filter { !own.contains($0.name) })
    }
}
