import EffectEngineCLI

/// The movies as a program: `--fail` makes the service fail; `--state`, `--record`,
/// `--replay` and `--explore` follow from its `Codable` state and events and its explorer.
extension Movies: ExplorableLineFeature {
    static let name = "movies"
    static let summary = "load a page of movies from a simulated service and pick one"
    static let options: [LineOption] = [.flag("fail", summary: "make every request to the service fail")]
    static let initialState = State()

    static func env(_ arguments: LineArguments) -> Env {
        .live(clock: arguments.clock, failing: arguments.flag("fail"))
    }
}

await Movies.main()
