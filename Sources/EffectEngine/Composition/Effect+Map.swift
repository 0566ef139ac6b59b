extension Effect where Event: Sendable {
    /// Lifts a child feature's effect into its parent: the child's events are embedded
    /// into the parent's, the parent's env is projected to the child's, and, with a scope,
    /// every task and cancel name is prefixed `scope/`.
    ///
    /// With `scope: "rows/7"`, the child's task `load` becomes `rows/7/load`, so sibling
    /// children running tasks of the same name never replace each other (R5), and
    /// ``cancel(scope:)`` cancels all of one child's tasks at once. An unnamed task becomes
    /// an unnamed task under the scope (its name is `rows/7/`): still never replaced, but
    /// cancelled with its scope. Scopes nest: a child mapped with `b` inside a parent
    /// mapped with `a` runs `a/b/load`.
    ///
    /// A child's task keeps its identity (C1): its body gets an ``Input`` that embeds its
    /// events but is still the task's own, so a replaced or cancelled child task's late
    /// events are dropped (R7), and an `Input.perform` inside it keeps its tree open
    /// (R10), exactly as for the parent's own tasks.
    ///
    /// ```swift
    /// case .row(let id, let event):
    ///     guard let index = state.rows.firstIndex(where: { $0.id == id }) else { return nil }
    ///     return Row.update(state: &state.rows[index], event: event)?
    ///         .map({ .row(id, $0) }, env: { $0.row }, scope: "rows/\(id)")
    /// ```
    ///
    /// The helpers of ``Compose`` do this for a field, an optional field and a collection,
    /// and cancel a child's tasks when it leaves the state.
    ///
    /// - Parameters:
    ///   - embed: Turns a child's event into the parent's.
    ///   - project: Gives the child's env from the parent's (R8: called with the host's one env).
    ///   - scope: The child's scope; `nil` or empty prefixes nothing.
    /// - Returns: The same effect, in the parent's types.
    public func map<ParentEvent: Sendable, ParentEnv>(
        _ embed: @escaping @Sendable (Event) -> ParentEvent,
        env project: @escaping @Sendable (ParentEnv) -> Env,
        scope: String? = nil
    ) -> Effect<ParentEvent, ParentEnv> {
        lifted(embed, project, prefix: ScopePath.prefix(scope))
    }

    /// Lifts a child feature's effect into a parent with the same env: events embedded,
    /// names scoped, as ``map(_:env:scope:)`` does.
    ///
    /// ```swift
    /// return Player.update(state: &state.player, event: event)?.map(Event.player, scope: "player")
    /// ```
    ///
    /// - Parameters:
    ///   - embed: Turns a child's event into the parent's.
    ///   - scope: The child's scope; `nil` or empty prefixes nothing.
    /// - Returns: The same effect, in the parent's event type.
    public func map<ParentEvent: Sendable>(
        _ embed: @escaping @Sendable (Event) -> ParentEvent,
        scope: String? = nil
    ) -> Effect<ParentEvent, Env> {
        lifted(embed, { $0 }, prefix: ScopePath.prefix(scope))
    }

    private func lifted<ParentEvent: Sendable, ParentEnv>(
        _ embed: @escaping @Sendable (Event) -> ParentEvent,
        _ project: @escaping @Sendable (ParentEnv) -> Env,
        prefix: String?
    ) -> Effect<ParentEvent, ParentEnv> {
        switch self {
        case .task(let name, let priority, let operation):
            let scoped = prefix.map { ScopePath.scoped(name, prefix: $0) } ?? name
            return .task(name: scoped, priority: priority) { input, env in
                try await operation(input.embedding(embed), project(env))
            }
        case .paced(let name, let pacing, let priority, let operation):
            return .paced(name: prefix.map { $0 + name } ?? name, pacing: pacing, priority: priority) { input, env in
                try await operation(input.embedding(embed), project(env))
            }
        case .action(let produce):
            return .action { env in produce(project(env)).map(embed) }
        case .cancel(let name):
            return .cancel(prefix.map { $0 + name } ?? name)
        case .sequence(let effects):
            return .sequence(effects.map { $0.lifted(embed, project, prefix: prefix) })
        case .report(let problem):
            return .report(prefix.map { problem.scoped(prefix: $0) } ?? problem)
        case .dismiss:
            return .dismiss
        }
    }
}

extension Effect {
    /// Cancels every running task whose name lies under `scope`: with `"rows/7"`, the
    /// tasks `rows/7/load`, `rows/7/sync/retry` and the unnamed tasks of `rows/7`, but not
    /// `rows/70/load` (R6 for a whole scope).
    ///
    /// Inside a child lifted with ``map(_:env:scope:)``, the scope is the child's own:
    /// `.cancel(scope: "sync")` in the child of `rows/7` cancels under `rows/7/sync`.
    ///
    /// ```swift
    /// case .remove(let id):
    ///     state.rows.removeAll { $0.id == id }
    ///     return .cancel(scope: "rows/\(id)")
    /// ```
    ///
    /// - Parameter scope: The scope; a trailing `/` is optional. An empty scope names
    ///   nothing, and the effect does nothing.
    /// - Returns: A `.cancel` of the scope's name, `scope/`.
    public static func cancel(scope: String) -> Effect {
        guard let prefix = ScopePath.prefix(scope) else { return .sequence([]) }
        return .cancel(prefix)
    }
}

extension Effect where Event: Sendable {
    /// The effect lifted as ``map(_:env:scope:)`` lifts it, with every `.dismiss` taken
    /// out, and whether there was one: how a stack or a destination finds that its child
    /// asked to leave (N3). `nil` when nothing else is left.
    @usableFromInline
    func liftedDismissing<ParentEvent: Sendable, ParentEnv>(
        _ embed: @escaping @Sendable (Event) -> ParentEvent,
        env project: @escaping @Sendable (ParentEnv) -> Env,
        scope: String
    ) -> (effect: Effect<ParentEvent, ParentEnv>?, dismissed: Bool) {
        var dismissed = false
        let kept = withoutDismiss(&dismissed)
        return (kept?.map(embed, env: project, scope: scope), dismissed)
    }

    /// This effect without its `.dismiss` steps; `dismissed` is set when there was one.
    private func withoutDismiss(_ dismissed: inout Bool) -> Effect? {
        switch self {
        case .dismiss:
            dismissed = true
            return nil
        case .sequence(let effects):
            guard effects.contains(where: \.holdsDismiss) else { return self }
            let kept = effects.compactMap { $0.withoutDismiss(&dismissed) }
            return kept.isEmpty ? nil : .sequence(kept)
        default:
            return self
        }
    }

    /// Whether `.dismiss` is this effect or one of its steps.
    private var holdsDismiss: Bool {
        switch self {
        case .dismiss: true
        case .sequence(let effects): effects.contains(where: \.holdsDismiss)
        default: false
        }
    }
}
