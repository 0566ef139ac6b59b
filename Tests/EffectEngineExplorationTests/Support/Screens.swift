import EffectEngine

/// A feature whose state holds the engine's own values whose reflection names fields no
/// initializer takes (a stack that has popped, its ids, an alert's buttons, a duration):
/// the explorer's written test must spell them as Swift that rebuilds them (X4).
enum Screens {
    enum Screen: Hashable, Sendable {
        case detail(Int)
        case record
    }

    enum AlertAction: Hashable, Sendable {
        case confirmDeletion
    }

    struct State: Hashable, Sendable {
        var path = StackState<Screen>()
        var top: StackElementID?
        var alert: AlertState<AlertAction>?
        var delay = Duration.zero
    }

    enum Event: Hashable, Sendable {
        case push(Screen)
        case pop(from: StackElementID)
        case askToDelete
        case wait(Duration)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .push(let screen):
            state.path.append(screen)
            state.top = state.path.ids.last
        case .pop(let id):
            _ = state.path.pop(from: id)
            state.top = state.path.ids.last
        case .askToDelete:
            state.alert = AlertState(
                title: "Delete?",
                buttons: [
                    ButtonState("Yes", role: .destructive, action: .confirmDeletion),
                    ButtonState("Nevermind", role: .cancel),
                ])
        case .wait(let delay):
            state.delay = delay
        }
        return nil
    }

    /// One step at a time: two pushes, a pop of the top, an alert, a wait. The shortest
    /// way to a state holding each value, and a stack whose ids are no longer 0, 1, 2….
    static func enabled(_ state: State) -> [Event] {
        if state.path.nextID < 2 { return [.push(state.path.isEmpty ? .detail(7) : .record)] }
        if state.path.nextID == 2, state.path.count == 2 { return [.pop(from: 1)] }
        if state.path.nextID < 3 { return [.push(.record)] }
        if state.alert == nil { return [.askToDelete] }
        if state.delay == .zero { return [.wait(.milliseconds(300))] }
        return []
    }
}
