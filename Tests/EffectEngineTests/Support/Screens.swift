import EffectEngine

/// A screen that can run a long task, say something to its parent and end itself: pushed
/// on a stack or presented as a sheet by ``Screens``.
enum Screen {
    struct State: Hashable, Sendable {
        var ticks = 0
        var notes: [String] = []
    }

    enum Event: Hashable, Sendable {
        case start, tick, close, closeAfterSaying, said, appeared, rename(String)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .start:
            return .task(name: "timer") { _, _ in await untilCancelled() }
        case .tick:
            state.ticks += 1
            return nil
        case .close:
            return .dismiss
        case .closeAfterSaying:
            return .sequence([.send(.said), .dismiss])
        case .said:
            state.notes.append("said")
            return nil
        case .appeared:
            state.notes.append("appeared")
            return nil
        case .rename(let name):
            state.notes.append(name)
            return nil
        }
    }

    static func appear(state: State) -> Effect<Event, Void>? {
        .send(.appeared)
    }
}

/// An app of many screens: a stack of ``Screen``s, and a sheet that is a screen or an
/// alert.
enum Screens {
    struct State: Hashable, Sendable {
        var path = StackState<Screen.State>()
        var sheet: Sheet.State?
        var heard: [String] = []
    }

    enum Event: Hashable, Sendable {
        case path(StackEvent<Screen.State, Screen.Event>)
        case sheet(PresentationEvent<Sheet.Event>)
        case push, presentScreen, presentAlert, popAll
    }

    enum Sheet {
        enum State: Hashable, Sendable {
            case screen(Screen.State)
            case alert(AlertState<Alert>)
        }

        enum Event: Hashable, Sendable {
            case screen(Screen.Event)
            case alert(Alert)
        }

        enum Alert: Hashable, Sendable { case confirm, presentScreen }

        static let confirm = AlertState<Alert>(
            title: "Sure?",
            buttons: [
                ButtonState("Yes", role: .destructive, action: .confirm),
                ButtonState("Edit", action: .presentScreen),
                ButtonState("No", role: .cancel),
            ])

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            switch (state, event) {
            case (.alert(let alert), .alert(let action)):
                return alert.respond(to: action)
            case (.screen(var screen), .screen(let event)):
                defer { state = .screen(screen) }
                return Screen.update(state: &screen, event: event)?.map(Event.screen)
            default:
                return .notPresented
            }
        }

        static func appear(state: State) -> Effect<Event, Void>? {
            guard case .screen(let screen) = state else { return nil }
            return Screen.appear(state: screen)?.map(Event.screen)
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.stack(
            \.path, in: &state, event: event, scope: "path",
            child: { if case .path(let event) = $0 { event } else { nil } },
            embed: Event.path, env: { $0 }, update: Screen.update, appear: Screen.appear
        ) { state, event in
            Compose.destination(
                \.sheet, in: &state, event: event, scope: "sheet",
                child: { if case .sheet(let event) = $0 { event } else { nil } },
                embed: Event.sheet, env: { $0 }, update: Sheet.update, appear: Sheet.appear,
                parent: reduce)
        }
    }

    static func reduce(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .push:
            state.path.append(Screen.State())
        case .presentScreen, .sheet(.presented(.alert(.presentScreen))):
            state.sheet = .screen(Screen.State())
        case .presentAlert:
            state.sheet = .alert(Sheet.confirm)
        case .popAll:
            state.path.removeAll()
        case .path(.popFrom(let id)):
            state.heard.append("popping \(id) of \(state.path.count)")
        case .path:
            break
        case .sheet(.presented(.alert(.confirm))):
            state.heard.append("confirmed")
        case .sheet:
            break
        }
        return nil
    }
}

typealias ScreensHost = EffectHost<Screens.State, Screens.Event, Void>
