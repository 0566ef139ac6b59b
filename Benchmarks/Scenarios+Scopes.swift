import EffectEngine

/// Features composed with `Compose.field`, one and three scopes deep, around the trivial
/// feature `Bench`: the cost of composition on a child event, against the flat `send`.
enum Scoped {
    /// One level: a parent whose only child is `Bench`.
    enum One {
        struct State {
            var child = 0
        }

        enum Event: Sendable {
            case child(Bench.Event)
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            Compose.field(
                \.child, in: &state, event: event, scope: "child",
                child: { if case .child(let child) = $0 { child } else { nil } },
                embed: Event.child, env: { $0 }, update: Bench.update,
                parent: { _, _ in nil })
        }
    }

    /// Two levels: a parent of ``One``.
    enum Two {
        struct State {
            var child = One.State()
        }

        enum Event: Sendable {
            case child(One.Event)
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            Compose.field(
                \.child, in: &state, event: event, scope: "child",
                child: { if case .child(let child) = $0 { child } else { nil } },
                embed: Event.child, env: { $0 }, update: One.update,
                parent: { _, _ in nil })
        }
    }

    /// Three levels: a parent of ``Two``.
    enum Three {
        struct State {
            var child = Two.State()
        }

        enum Event: Sendable {
            case child(Two.Event)
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            Compose.field(
                \.child, in: &state, event: event, scope: "child",
                child: { if case .child(let child) = $0 { child } else { nil } },
                embed: Event.child, env: { $0 }, update: Two.update,
                parent: { _, _ in nil })
        }
    }
}

extension Scenarios {
    /// A child event through one and through three nested scopes, against the flat
    /// `send` of the same run: `host.send(.increment)` to `Bench` itself.
    mutating func scopes() async {
        if !figures.contains(where: { $0.id == "send" }) { await send() }
        let one = EffectHost(initialState: Scoped.One.State(), update: Scoped.One.update)
        add(
            "scope1", "host.send(.child(.increment)) through one Compose.field scope",
            await measure(budget, initial: 100_000) { n in
                await timed { for _ in 0..<n { one.send(.child(.increment)) } }
            }, baseline: "send", bar: "≤ 1.2×")
        precondition(one.state.child > 0, "the child saw no event")
        let three = EffectHost(initialState: Scoped.Three.State(), update: Scoped.Three.update)
        add(
            "scope3", "host.send(.child(.child(.child(.increment)))) through three nested scopes",
            await measure(budget, initial: 100_000) { n in
                await timed { for _ in 0..<n { three.send(.child(.child(.child(.increment)))) } }
            }, baseline: "send", bar: "≤ 1.5×")
        precondition(three.state.child.child.child > 0, "the innermost child saw no event")
    }
}
