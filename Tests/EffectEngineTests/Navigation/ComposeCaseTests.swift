import EffectEngine
import Testing

/// A root that is one of two screens: logged out (a form), or logged in (a game whose
/// timer ticks).
enum CaseRoot {
    enum State: Equatable {
        case loggedOut(email: String)
        case loggedIn(Game)
    }

    struct Game: Equatable {
        var ticks = 0
    }

    enum Event: Equatable, Sendable {
        case loggedOut(LoginEvent)
        case loggedIn(GameEvent)
        case logOut
    }

    enum LoginEvent: Equatable, Sendable { case type(String), submit }
    enum GameEvent: Equatable, Sendable { case start, tick }

    static func login(state: inout String, event: LoginEvent) -> Effect<LoginEvent, Void>? {
        if case .type(let text) = event { state = text }
        return nil
    }

    static func game(state: inout Game, event: GameEvent) -> Effect<GameEvent, Void>? {
        switch event {
        case .start:
            return .task(name: "timer") { _, _ in try await Task.sleep(for: .seconds(3600)) }
        case .tick:
            state.ticks += 1
            return nil
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.ifCase(
            State.loggedOut, in: &state, event: event, scope: "login",
            child: { if case .loggedOut(let event) = $0 { event } else { nil } },
            embed: Event.loggedOut, env: { $0 }, update: login
        ) { state, event in
            Compose.ifCase(
                State.loggedIn, in: &state, event: event, scope: "game",
                child: { if case .loggedIn(let event) = $0 { event } else { nil } },
                embed: Event.loggedIn, env: { $0 }, update: game
            ) { state, event in
                switch event {
                case .loggedOut(.submit):
                    state = .loggedIn(Game())
                case .logOut:
                    state = .loggedOut(email: "")
                default:
                    break
                }
                return nil
            }
        }
    }
}

@MainActor
@Suite("Compose.ifCase: a state that is one of several screens (N8)")
struct ComposeCaseTests {
    let recorder = Recorder<CaseRoot.State, CaseRoot.Event>()

    @Test("the child of the case shown runs on the case's value")
    func theCaseShownRuns() async {
        let host = EffectHost(initialState: .loggedOut(email: ""), observer: recorder.observer, update: CaseRoot.update)
        host.send(.loggedOut(.type("ann@example.com")))
        #expect(host.state == .loggedOut(email: "ann@example.com"))
        host.send(.loggedOut(.submit))
        host.send(.loggedIn(.tick))
        #expect(host.state == .loggedIn(CaseRoot.Game(ticks: 1)))
        #expect(recorder.diagnostics.isEmpty)
        await host.stop()
    }

    @Test("an event for a case not shown is dropped and reported")
    func anEventForACaseNotShownIsReported() async {
        let host = EffectHost(initialState: .loggedOut(email: "a"), observer: recorder.observer, update: CaseRoot.update)
        host.send(.loggedIn(.tick))
        #expect(host.state == .loggedOut(email: "a"))
        #expect(recorder.diagnostics.map(\.description) == ["loggedIn(.tick) dropped: no child game in state"])
        await host.stop()
    }

    @Test("a case's tasks are cancelled when the state moves to another case")
    func leavingACaseCancelsItsTasks() async {
        let host = EffectHost(initialState: .loggedIn(CaseRoot.Game()), observer: recorder.observer, update: CaseRoot.update)
        host.send(.loggedIn(.start))
        #expect(host.runningTaskNames == ["game/timer"])
        host.send(.loggedIn(.tick))
        #expect(host.runningTaskNames == ["game/timer"])
        host.send(.logOut)
        #expect(host.state == .loggedOut(email: ""))
        #expect(host.runningTaskNames.isEmpty)
        await host.stop()
    }
}
