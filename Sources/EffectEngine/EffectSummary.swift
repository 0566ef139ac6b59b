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
    /// A named task paced on the host's clock, debounced or throttled; written
    /// ``task(name:debounce:)`` or ``task(name:throttle:latest:)`` in tests.
    case paced(name: String, TaskPacing)
    /// A `.sequence` of effects, summarised in order.
    case sequence([EffectSummary])
    /// A `.report`, with the diagnostic's description.
    case report(String)
    /// A `.dismiss`: the screen ends itself (N3).
    case dismiss
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
        case .paced(let name, let pacing, _, _): .paced(name: name, pacing.clamped)
        case .sequence(let effects): .sequence(effects.map(\.summary))
        case .report(let problem): .report(problem.description)
        case .dismiss: .dismiss
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
        case .paced(let name, let pacing): "task(\"\(name)\", \(pacing))"
        case .sequence(let effects): "sequence(\(effects.map(\.description).joined(separator: ", ")))"
        case .report(let problem): "report(\"\(problem)\")"
        case .dismiss: "dismiss"
        }
    }
}

extension EffectSummary {
    /// The summary of ``Effect/reject(_:)``: a `.report` of the rejection.
    ///
    /// ```swift
    /// #expect(Movies.update(state: &state, event: .select(9))?.summary == .rejected("no movie 9: pick 1 to 5"))
    /// ```
    ///
    /// - Parameter reason: Why the event was refused.
    /// - Returns: `.report("rejected: \(reason)")`.
    public static func rejected(_ reason: String) -> EffectSummary {
        .report(Diagnostic.rejected(reason: reason).description)
    }

    /// The summary of a debounced task, as ``Effect/task(name:debounce:priority:operation:)``
    /// makes it.
    ///
    /// ```swift
    /// #expect(effect?.summary == .task(name: "search", debounce: .milliseconds(300)))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name.
    ///   - debounce: The debounce; a negative duration counts as zero, as in the factory.
    /// - Returns: `.paced(name: name, .debounce(debounce))`.
    public static func task(name: String, debounce: Duration) -> EffectSummary {
        .paced(name: name, .debounce(max(.zero, debounce)))
    }

    /// The summary of a throttled task, as
    /// ``Effect/task(name:throttle:latest:priority:operation:)`` makes it.
    ///
    /// ```swift
    /// #expect(effect?.summary == .task(name: "prefetch", throttle: .seconds(1), latest: true))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The task's name.
    ///   - throttle: The window; a negative duration counts as zero, as in the factory.
    ///   - latest: Whether the last issue within a window runs at its end.
    /// - Returns: `.paced(name: name, .throttle(throttle, latest: latest))`.
    public static func task(name: String, throttle: Duration, latest: Bool = false) -> EffectSummary {
        .paced(name: name, .throttle(max(.zero, throttle), latest: latest))
    }
}
