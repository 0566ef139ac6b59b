/// A comparable description of an ``Effect``: its shape without its closures.
///
/// Closures cannot be compared, so tests of `update` compare summaries instead (T4).
/// Summaries are also what the host's observer reports for each transition.
///
/// ```swift
/// var state = Search.State()
/// let effect = Search.update(state: &state, event: .query("swift"))
/// #expect(effect?.summary == .task(name: "search"))
/// ```
public enum EffectSummary: Hashable, Sendable {
    /// A `.task`, with its name (`nil` for an unnamed task).
    case task(name: String?)
    /// An `.action` step.
    case action
    /// A `.cancel` of the named task; a name ending in `/` is a scope (see
    /// ``cancel(scope:)``).
    case cancel(String)
    /// A `.sequence` of effects, summarised in order.
    case sequence([EffectSummary])
    /// A `.report`, with the diagnostic's description.
    case report(String)
}

extension Effect {
    /// The comparable shape of this effect.
    ///
    /// ```swift
    /// #expect(Effect<Int, Void>.cancel("t").summary == .cancel("t"))
    /// ```
    public var summary: EffectSummary {
        switch self {
        case .task(let name, _, _): .task(name: name)
        case .action: .action
        case .cancel(let name): .cancel(name)
        case .sequence(let effects): .sequence(effects.map(\.summary))
        case .report(let problem): .report(problem.description)
        }
    }
}

extension EffectSummary: CustomStringConvertible {
    /// A compact rendering, such as `sequence(cancel("load"), task("load"))`.
    ///
    /// ```swift
    /// print(EffectSummary.task(name: "tick"))  // task("tick")
    /// ```
    public var description: String {
        switch self {
        case .task(let name?): "task(\"\(name)\")"
        case .task(nil): "task"
        case .action: "action"
        case .cancel(let name): "cancel(\"\(name)\")"
        case .sequence(let effects): "sequence(\(effects.map(\.description).joined(separator: ", ")))"
        case .report(let problem): "report(\"\(problem)\")"
        }
    }
}
