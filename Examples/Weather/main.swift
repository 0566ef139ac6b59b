import EffectEngineCLI

/// The weather as a program: `--fail` makes the service fail; `--state`, `--record`,
/// `--replay` and `--explore` follow from its `Codable` state and events and its explorer.
extension Weather: ExplorableLineFeature {
    static let name = "weather"
    static let summary = "look for a place and load its forecast, from a built-in service with latency"
    static let options: [LineOption] = [.flag("fail", summary: "make every request to the service fail")]
    static let initialState = State()

    static func env(_ arguments: LineArguments) -> Env {
        .live(clock: arguments.clock, failing: arguments.flag("fail"))
    }
}

await Weather.main()
