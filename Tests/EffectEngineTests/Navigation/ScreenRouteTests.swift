import EffectEngine
import Testing

/// A sheet that is an enum of screens, routed by the library (N10).
enum RoutedSheet {
    enum State: Equatable {
        case counter(Int)
        case note(String)
        case alert(AlertState<Answer>)
    }

    enum Event: Equatable, Sendable {
        case counter(CounterEvent)
        case note(String)
        case alert(Answer)
    }

    enum CounterEvent: Equatable, Sendable { case increment, close }
    enum Answer: Equatable, Sendable { case yes }

    static func counter(state: inout Int, event: CounterEvent) -> Effect<CounterEvent, Void>? {
        switch event {
        case .increment:
            state += 1
            return nil
        case .close:
            return .dismiss
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.route(
            &state, event,
            ScreenRoute(State.counter, Event.counter, update: counter),
            ScreenRoute(State.note, Event.note) { note, text in
                note = text
                return nil
            },
            ScreenRoute(State.alert, Event.alert) { alert, answer in alert.respond(to: answer) })
    }
}

@Suite("Compose.route: enums of screens route themselves (N10)")
struct ScreenRouteTests {
    @Test func anEventGoesToTheScreenOfItsCase() {
        var state = RoutedSheet.State.counter(1)
        #expect(RoutedSheet.update(state: &state, event: .counter(.increment)) == nil)
        #expect(state == .counter(2))
        #expect(RoutedSheet.update(state: &state, event: .counter(.close))?.summary == .dismiss)
        var note = RoutedSheet.State.note("")
        #expect(RoutedSheet.update(state: &note, event: .note("milk")) == nil)
        #expect(note == .note("milk"))
    }

    @Test func anEventForAScreenNotShownIsNotPresentedWithNoDefaultWritten() {
        var state = RoutedSheet.State.note("a")
        let effect = RoutedSheet.update(state: &state, event: .counter(.increment))
        #expect(effect?.summary == Effect<RoutedSheet.Event, Void>.notPresented.summary)
        #expect(state == .note("a"))
    }

    @Test @MainActor func theDestinationAroundReportsIt() async {
        struct Parent: Equatable { var sheet: RoutedSheet.State? = .note("a") }
        let recorder = Recorder<Parent, PresentationEvent<RoutedSheet.Event>>()
        let host = EffectHost(initialState: Parent(), observer: recorder.observer) {
            (state: inout Parent, event: PresentationEvent<RoutedSheet.Event>) -> Effect<PresentationEvent<RoutedSheet.Event>, Void>? in
            Compose.destination(
                \.sheet, in: &state, event: event, scope: "sheet", child: { $0 }, embed: { $0 }, env: { $0 },
                update: RoutedSheet.update, parent: { _, _ in nil })
        }
        host.send(.presented(.counter(.increment)))
        #expect(host.state.sheet == .note("a"))
        #expect(recorder.diagnostics.map(\.description) == ["presented(.counter(.increment)) dropped: no child sheet in state"])
        await host.stop()
    }
}
