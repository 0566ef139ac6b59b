import EffectEngineCLI

/// The counter as a program: `swift run counter --help` lists what it offers. Its state
/// is `Codable`, so `--state` keeps the count; its events are, so `--record` and
/// `--replay` journal a run; it is explorable, so `--explore` walks its states.
extension Counter: ExplorableLineFeature {
    static let name = "counter"
    static let summary = "a counter that ticks while started"
    static let options: [LineOption] = [
        .value("interval", placeholder: "duration", default: "1s", summary: "time between ticks")
    ]
    static let initialState = State()

    static func env(_ arguments: LineArguments) throws(LineError) -> Env {
        .live(clock: arguments.clock, interval: try arguments.duration("interval"))
    }
}

await Counter.main()
