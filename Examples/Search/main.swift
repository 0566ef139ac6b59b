import EffectEngineCLI

/// The search as a program: `--state`, `--record`, `--replay` and `--explore` follow from
/// its `Codable` state and events and its explorer.
extension Search: ExplorableLineFeature {
    static let name = "search"
    static let summary = "live search over a built-in list of a few hundred words"
    static let initialState = State()

    static func env(_ arguments: LineArguments) -> Env {
        .live(clock: arguments.clock)
    }
}

await Search.main()
