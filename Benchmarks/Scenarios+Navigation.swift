import EffectEngine

/// An app of many screens, for the cost of navigation on an event: a stack five screens
/// deep whose top screen presents a sheet, the sheet running `Bench`.
enum Navigating {
    /// A screen of the stack: a sheet that may be presented over it.
    enum Screen {
        struct State: Equatable {
            var sheet: Sheet.State?
        }

        enum Event: Sendable {
            case sheet(PresentationEvent<Sheet.Event>)
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            Compose.destination(
                \.sheet, in: &state, event: event, scope: "sheet",
                child: { if case .sheet(let event) = $0 { event } else { nil } },
                embed: Event.sheet, env: { $0 }, update: Sheet.update,
                parent: { _, _ in nil })
        }
    }

    /// What a screen presents: a counter.
    enum Sheet {
        enum State: Equatable {
            case counter(Int)
        }

        enum Event: Sendable {
            case counter(Bench.Event)
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            switch (state, event) {
            case (.counter(var count), .counter(let event)):
                defer { state = .counter(count) }
                return Bench.update(state: &count, event: event)?.map(Event.counter)
            }
        }
    }

    struct State {
        var path: StackState<Screen.State> = StackState(
            (0..<5).map { Screen.State(sheet: $0 == 4 ? .counter(0) : nil) })
    }

    enum Event: Sendable {
        case path(StackEvent<Screen.State, Screen.Event>)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.stack(
            \.path, in: &state, event: event, scope: "path",
            child: { if case .path(let event) = $0 { event } else { nil } },
            embed: Event.path, env: { $0 }, update: Screen.update,
            parent: { _, _ in nil })
    }

    /// The same app with its routing written by hand, no `Compose` helper: the event
    /// reaches the counter through the stack's `index(of:)` and the sheet's case, in
    /// place. What any way of routing an event to the top screen costs at the least;
    /// events other than a counter's on a sheet are ignored.
    static func updateByHand(state: inout State, event: Event) -> Effect<Event, Void>? {
        guard case .path(.element(let id, .sheet(.presented(.counter(let event))))) = event,
            let index = state.path.index(of: id), case .counter(var count)? = state.path[index].sheet
        else { return nil }
        let effect = Bench.update(state: &count, event: event)
        state.path[index].sheet = .counter(count)
        return effect?.map { .path(.element(id: id, event: .sheet(.presented(.counter($0))))) }
    }

    /// An event for the counter on the sheet of the top screen.
    static let topEvent = Event.path(.element(id: 4, event: .sheet(.presented(.counter(.increment)))))
}

extension Scenarios {
    /// An event for the top of a five-deep stack, through `Compose.stack` and a
    /// destination, against the flat `send` of the same run; and the same event routed by
    /// hand, against the same `send`, for what routing it costs at the least.
    mutating func navigation() async {
        if !figures.contains(where: { $0.id == "send" }) { await send() }
        let byHand = EffectHost(initialState: Navigating.State(), update: Navigating.updateByHand)
        add(
            "stack5.hand", "stack5's event routed by an update written by hand on the same state",
            await measure(budget, initial: 100_000) { n in
                await timed { for _ in 0..<n { byHand.send(Navigating.topEvent) } }
            }, baseline: "send")
        let host = EffectHost(initialState: Navigating.State(), update: Navigating.update)
        add(
            "stack5", "host.send of an event for the sheet of the top of a 5-deep stack (Compose.stack, .destination)",
            await measure(budget, initial: 100_000) { n in
                await timed { for _ in 0..<n { host.send(Navigating.topEvent) } }
            }, baseline: "send", bar: "≤ 1.5×")
        for state in [byHand.state, host.state] {
            guard case .counter(let count)? = state.path.last?.sheet, count > 0 else {
                preconditionFailure("the sheet saw no event")
            }
        }
    }
}
