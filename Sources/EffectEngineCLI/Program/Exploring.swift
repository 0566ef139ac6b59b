import EffectEngine
import EffectEngineExploration

/// `--explore` and its options, for an ``ExplorableLineFeature``: the report and the
/// coverage by event case (X8) on standard output, the `eventually` (X7) and `leadsTo`
/// (X11) properties with `--liveness`, the graph in the files `--dot` and `--mermaid`
/// name, and drawn as a page in the file `--html` names (V2).
///
/// Coverage and liveness read the explored graph, every state whole with its edges: the
/// one walk (on `--workers`) keeps it for up to ``graphLimit`` states, or for every state
/// when a graph file is asked for; past that it drops the graph and goes on keeping only
/// fingerprints, and the report says how to bound the walk to see them.
struct Exploring<Feature: LineFeature> {
    /// The most states a graph is kept for, for coverage and liveness, when no graph file
    /// is asked for.
    static var graphLimit: Int { 100_000 }

    /// The options that write the graph to a file, with the format each writes.
    static var graphFormats: [(option: FileOption, format: String)] {
        [(ExplorationOptions.dot, "DOT"), (ExplorationOptions.mermaid, "Mermaid"), (ExplorationOptions.html, "HTML")]
    }

    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            "\(program) is not an ExplorableLineFeature, so it cannot be explored"
        }
    }

    /// Its options, as `--help` lists them; the same names are refused, with the
    /// reason, by a program whose feature lacks the conformance.
    static var section: ProgramSection { ExplorationOptions.section }
}

/// `--explore` and its options, declared once.
enum ExplorationOptions {
    static let explore = FlagOption(
        "explore", role: .mode, summary: "explore every state the commands can reach, print a report and exit")
    /// What each of the others is: usable only with `--explore`.
    private static let role = ProgramOption.Role.modeOption(of: explore.name, kind: "an exploration option")
    static let depth = ValueOption.count(
        "depth", role: role, summary: "the most events from the start (default: none)")
    static let maxStates = ValueOption.count(
        "max-states", role: role, summary: "the most states visited (default 1000000)")
    static let liveness = FlagOption(
        "liveness", role: role,
        summary: "check the eventually and leads-to properties (a goal reachable, or reached fairly)")
    static let workers = ValueOption.count(
        "workers", role: role, summary: "expand each level on n threads, the same report (default 1)")
    static let dot = FileOption("dot", role: role, summary: "write the reached graph to file, in Graphviz DOT")
    static let mermaid = FileOption("mermaid", role: role, summary: "write the reached graph to file, in Mermaid")
    static let html = FileOption(
        "html", role: role, summary: "draw the reached graph, failures and their traces as an HTML page")

    static let section = ProgramSection(
        title: "exploration (an ExplorableLineFeature)",
        options: [
            explore.option, depth.option, maxStates.option, liveness.option, workers.option, dot.option,
            mermaid.option, html.option,
        ])
}

extension Exploring: LineCapability where Feature: ExplorableLineFeature {
    var section: ProgramSection { Self.section }

    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? {
        guard arguments.isSet(ExplorationOptions.explore) else { return nil }
        let report: ExplorationReport<Feature.State, Feature.Event>
        let model: Explorer<Feature.State, Feature.Event, Feature.Env>
        let workers: Int
        // At a terminal, the states found so far, their rate and the depth reached.
        let progress = ProgressLine()
        do throws(LineError) {
            // Every file the walk is to write is checked before it starts (and left as it was).
            for (option, _) in Self.graphFormats {
                guard let path = arguments.path(option) else { continue }
                try TextFile.checkWritableLeavingIt(path, for: option.name)
            }
        } catch {
            _ = output.write("error: \(error.message)\n", .standardError)
            return LineExitStatus.usage
        }
        do throws(LineError) {
            let depth = try arguments.value(ExplorationOptions.depth)
            let states =
                try arguments.value(ExplorationOptions.maxStates)
                ?? Explorer<Feature.State, Feature.Event, Feature.Env>.defaultStateBound
            workers = try arguments.value(ExplorationOptions.workers) ?? 1
            model = Feature.explorer(env: try Feature.env(arguments)).reportingProgress {
                progress.exploring(states: $0.done, depth: $0.depth)
            }
            defer { progress.clear() }
            do throws(ExplorationError) {
                // One walk, keeping the graph coverage and liveness read while the space is
                // small enough, or whole for a graph file.
                let wantsGraph = Self.graphFormats.contains { arguments.path($0.option) != nil }
                report = try model.explore(
                    depth: depth, states: states, graphLimit: wantsGraph ? states : Self.graphLimit, workers: workers)
            } catch {
                throw LineError(error.message.split(separator: "\n").joined(separator: "; "))
            }
        } catch {
            return LineProgram<Feature>.usageError(error, output: output)
        }
        _ = output.write(report.description + "\n", .standardOutput)
        let covered = report.graph == nil ? nil : report
        if let coverage = covered.flatMap(model.coverage(of:)) {
            _ = output.write(coverage.description + "\n", .standardOutput)
            if !coverage.isComplete {
                _ = output.write(
                    "Coverage names the model's blind spots: it is not a property, so it leaves the exit status "
                        + "alone (list the cases a model leaves out on purpose with leavingOut(_:because:)).\n",
                    .standardOutput)
            }
        } else {
            _ = output.write(
                "Coverage and liveness are checked on at most \(Self.graphLimit) states: bound the walk with "
                    + "--depth or --max-states to see them.\n", .standardOutput)
        }
        let checksLiveness = arguments.isSet(ExplorationOptions.liveness)
        let liveness = checksLiveness ? covered.flatMap { model.liveness(of: $0, workers: workers) } : nil
        if let liveness { _ = output.write(liveness.description + "\n", .standardOutput) }
        let livenessUnchecked = checksLiveness && liveness == nil
        if let graph = report.graph {
            for (option, format) in Self.graphFormats {
                guard let path = arguments.path(option) else { continue }
                do throws(LineError) {
                    let text =
                        option == ExplorationOptions.html ? Self.page(of: report) : Self.text(of: graph, in: option)
                    try TextFile.write(text, to: path, for: option.name)
                } catch {
                    _ = output.write("error: \(error.message)\n", .standardError)
                    return LineExitStatus.cannotWrite
                }
                _ = output.write(
                    "Wrote the graph (\(graph.nodes.count) states, \(graph.edges.count) edges) to "
                        + "\(TextFile.quoted(path)) in \(format).\n", .standardOutput)
            }
        }
        let holds = report.failures.isEmpty && liveness?.violations.isEmpty != false && !livenessUnchecked
        return holds ? LineExitStatus.success : LineExitStatus.propertyFailed
    }

    /// The exploration as a page (``ExplorationReport/page(title:drawLimit:state:event:)``),
    /// each state labelled as the program renders it.
    nonisolated private static func page(of report: ExplorationReport<Feature.State, Feature.Event>) -> String {
        report.page(title: "\(Feature.name) --explore", state: Feature.render).html
    }

    /// The graph in DOT (`--dot`) or Mermaid (`--mermaid`), each state labelled as the
    /// program renders it.
    nonisolated private static func text(
        of graph: ExplorationGraph<Feature.State, Feature.Event>, in format: FileOption
    ) -> String {
        format == ExplorationOptions.dot ? graph.dot(state: Feature.render) : graph.mermaid(state: Feature.render)
    }
}
