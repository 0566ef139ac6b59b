import EffectEngineCLI

/// The downloads as a program: `--step` sets how long each quarter of a download takes,
/// on the host's clock (virtual with `--virtual-time`). Its state is not `Codable`, so it
/// offers no `--state`, journal or exploration: `--help` lists only what applies.
extension Downloads: LineFeature {
    static let name = "downloads"
    static let summary = "a list of downloads, each row a child feature with its own transfer task"
    static let options: [LineOption] = [
        .value(
            "step", placeholder: "duration", default: "500ms",
            summary: "how long each quarter of a download takes")
    ]
    static let initialState = State()

    static func env(_ arguments: LineArguments) throws(LineError) -> Download.Env {
        .live(clock: arguments.clock, step: try arguments.duration("step"))
    }
}

await Downloads.main()
