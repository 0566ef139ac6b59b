import EffectEngine
import Foundation
import Testing

@MainActor
@Suite("Compose.destination and alerts: presented screens, dismissed with their tasks (N2, N3, N4)")
struct ComposeDestinationTests {
    let recorder = Recorder<Screens.State, Screens.Event>()

    func makeHost() -> ScreensHost {
        ScreensHost(initialState: Screens.State(), env: (), observer: recorder.observer, update: Screens.update)
    }

    var reports: [String] { recorder.diagnostics.map(\.description) }

    @Test("a presented screen runs under its scope and appears when presented")
    func presented() async {
        let host = makeHost()
        host.send(.presentScreen)
        host.send(.sheet(.presented(.screen(.start))))
        #expect(host.runningTaskNames == ["sheet/timer"])
        #expect(host.state.sheet == .screen(Screen.State(notes: ["appeared"])))
        await host.stop()
    }

    @Test("a dismissed destination's tasks are cancelled, whoever dismisses it")
    func dismissCancels() async {
        let host = makeHost()
        host.send(.presentScreen)
        host.send(.sheet(.presented(.screen(.start))))
        host.send(.sheet(.dismiss))
        #expect(host.state.sheet == nil)
        #expect(host.runningTaskNames.isEmpty)
        host.send(.presentScreen)
        host.send(.sheet(.presented(.screen(.start))))
        host.send(.sheet(.presented(.screen(.close))))
        #expect(host.state.sheet == nil)
        #expect(host.runningTaskNames.isEmpty)
        await host.stop()
    }

    @Test("a screen replaced by another case has its tasks cancelled, and the new one appears")
    func replacedByAnotherCase() async {
        let host = makeHost()
        host.send(.presentScreen)
        host.send(.sheet(.presented(.screen(.start))))
        host.send(.presentAlert)
        #expect(host.state.sheet == .alert(Screens.Sheet.confirm))
        #expect(host.runningTaskNames.isEmpty)
        await host.stop()
    }

    @Test("a screen that says something before it dismisses itself leaves after it was heard")
    func dismissAfterSaying() async {
        let host = makeHost()
        host.send(.presentScreen)
        host.send(.sheet(.presented(.screen(.closeAfterSaying))))
        #expect(host.state.sheet == nil)
        let steps = recorder.transitions.suffix(3).map(\.event)
        #expect(
            steps == [
                .sheet(.presented(.screen(.closeAfterSaying))), .sheet(.presented(.screen(.said))),
                .sheet(.dismiss),
            ])
        await host.stop()
    }

    @Test("a screen that returns .dismiss alone leaves through a dismiss its parent sees first")
    func loneDismissReachesTheParent() async {
        let host = makeHost()
        host.send(.presentScreen)
        host.send(.sheet(.presented(.screen(.close))))
        #expect(host.state.sheet == nil)
        let steps = recorder.transitions.suffix(2).map(\.event)
        #expect(steps == [.sheet(.presented(.screen(.close))), .sheet(.dismiss)])
        await host.stop()
    }

    @Test("an event for a screen not presented, or for another case, is dropped and reported")
    func notPresented() async {
        let host = makeHost()
        host.send(.sheet(.presented(.screen(.tick))))
        host.send(.presentAlert)
        let before = host.state
        host.send(.sheet(.presented(.screen(.tick))))
        host.send(.sheet(.dismiss))
        host.send(.sheet(.dismiss))
        #expect(host.state.sheet == nil && before.sheet != nil)
        #expect(
            reports == [
                "sheet(.presented(.screen(.tick))) dropped: no child sheet in state",
                "sheet(.presented(.screen(.tick))) dropped: no child sheet in state",
                "sheet(.dismiss) dropped: no child sheet in state",
            ])
        await host.stop()
    }

    @Test("choosing an alert's button sends its action to the parent and dismisses the alert in one transition")
    func alertButton() async {
        let host = makeHost()
        host.send(.presentAlert)
        let count = recorder.transitions.count
        host.send(.sheet(.presented(.alert(.confirm))))
        #expect(host.state.sheet == nil)
        #expect(host.state.heard == ["confirmed"])
        #expect(recorder.transitions.count == count + 1)
        await host.stop()
    }

    @Test("an alert's action after it was dismissed is dropped and reported")
    func lateAlertAction() async {
        let host = makeHost()
        host.send(.presentAlert)
        host.send(.sheet(.dismiss))
        host.send(.sheet(.presented(.alert(.confirm))))
        #expect(host.state.heard.isEmpty)
        #expect(reports == ["sheet(.presented(.alert(.confirm))) dropped: no child sheet in state"])
        await host.stop()
    }

    @Test("a parent that presents another screen in answer to a button keeps it presented")
    func parentPresentsAnother() async {
        let host = makeHost()
        host.send(.presentAlert)
        host.send(.sheet(.presented(.alert(.presentScreen))))
        #expect(host.state.sheet == .screen(Screen.State(notes: ["appeared"])))
        await host.stop()
    }
}

@Suite("AlertState and Compose.alert (N4)")
struct AlertStateTests {
    enum Action: Hashable, Sendable, Codable { case save, discard }

    struct State: Equatable {
        var alert: AlertState<Action>?
        var saved = 0
    }

    enum Event: Sendable { case alert(PresentationEvent<Action>), ask }

    static let ending = AlertState<Action>(
        title: "End meeting?", message: "Save it?",
        buttons: [ButtonState("Save", action: .save), ButtonState("Resume", role: .cancel)])

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.alert(\.alert, in: &state, event: event, child: { if case .alert(let e) = $0 { e } else { nil } }) {
            state, event in
            switch event {
            case .ask: state.alert = Self.ending
            case .alert(.presented(.save)): state.saved += 1
            case .alert: break
            }
            return nil
        }
    }

    @Test("a button's action reaches the parent and dismisses the alert; an action it does not offer is dropped")
    func answers() {
        var state = State()
        _ = Self.update(state: &state, event: .ask)
        #expect(Self.update(state: &state, event: .alert(.presented(.discard)))?.summary != nil)
        #expect(state.alert == Self.ending && state.saved == 0)
        #expect(Self.update(state: &state, event: .alert(.presented(.save))) == nil)
        #expect(state.alert == nil && state.saved == 1)
        let late = Self.update(state: &state, event: .alert(.presented(.save)))?.summary
        #expect(late == .report("alert(.presented(.save)) dropped: no child alert in state"))
        #expect(state.saved == 1)
    }

    @Test("an alert with no buttons shows one OK; a dialog is the same value with its style; both are Codable")
    func values() throws {
        #expect(AlertState<Action>(title: "Saved").shownButtons == [ButtonState("OK", role: .cancel)])
        let dialog = AlertState<Action>.confirmationDialog(title: "Share", buttons: [ButtonState("Save", action: .save)])
        #expect(dialog.style == .confirmationDialog && dialog != AlertState(title: "Share", buttons: dialog.buttons))
        let data = try JSONEncoder().encode(Self.ending)
        #expect(try JSONDecoder().decode(AlertState<Action>.self, from: data) == Self.ending)
        #expect(Self.ending.offers(.save) && !Self.ending.offers(.discard))
    }
}
