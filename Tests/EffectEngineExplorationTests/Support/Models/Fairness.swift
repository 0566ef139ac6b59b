import EffectEngineExploration
import ExplorationModels

/// The spec's `Fairness ==`, by that name, at the top level of the test module: a spec's
/// own `Fairness` no longer hides the explorer's ``FairnessKind`` (issue 50, item 4).
enum Fairness {
    /// `WF_vars` of each actor's `TryRead` and `TryWrite`, of `ReadOrWrite`, and (when
    /// `stop`) of `Stop`.
    static func classes(actors: Int, stop: Bool)
        -> [(name: String, kind: FairnessKind, includes: @Sendable (ReadersWriters.Event) -> Bool)]
    {
        var classes:
            [(name: String, kind: FairnessKind, includes: @Sendable (ReadersWriters.Event) -> Bool)] = []
        for actor in 0..<actors {
            classes.append(("TryRead(\(actor))", .weak, { $0 == .tryRead(actor) }))
            classes.append(("TryWrite(\(actor))", .weak, { $0 == .tryWrite(actor) }))
        }
        classes.append(("ReadOrWrite", .weak, { $0 == .readOrWrite }))
        if stop { classes.append(("Stop", .weak, { if case .stop = $0 { true } else { false } })) }
        return classes
    }
}
