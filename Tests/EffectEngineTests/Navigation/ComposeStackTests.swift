import EffectEngine
import Testing

@MainActor
@Suite("Compose.stack: screens pushed, run by id, popped with their tasks (N1, N3, N5)")
struct ComposeStackTests {
    let recorder = Recorder<Screens.State, Screens.Event>()

    func makeHost(_ state: Screens.State = Screens.State()) -> ScreensHost {
        ScreensHost(initialState: state, env: (), observer: recorder.observer, update: Screens.update)
    }

    var reports: [String] { recorder.diagnostics.map(\.description) }

    @Test("an event runs the screen it names, its tasks under path/id")
    func routesByID() async {
        let host = makeHost()
        host.send(.push)
        host.send(.push)
        host.send(.path(.element(id: 1, event: .tick)))
        host.send(.path(.element(id: 0, event: .start)))
        #expect(host.state.path.map(\.ticks) == [0, 1])
        #expect(host.runningTaskNames == ["path/0/timer"])
        await host.stop()
    }

    @Test("a popped screen's late event is dropped and reported, never applied to the screen pushed after it")
    func latePoppedEvent() async {
        let host = makeHost()
        host.send(.push)
        host.send(.path(.popFrom(id: 0)))
        host.send(.push)
        host.send(.path(.element(id: 0, event: .tick)))
        #expect(host.state.path.ids == [1])
        #expect(host.state.path[id: 1]?.ticks == 0)
        #expect(reports == ["path(.element(id: 0, event: .tick)) dropped: no child path/0 in state"])
        await host.stop()
    }

    @Test("popping a screen, whoever pops it, cancels every task under it")
    func popCancels() async {
        let host = makeHost()
        for _ in 0..<3 { host.send(.push) }
        for id in 0..<3 { host.send(.path(.element(id: StackElementID(rawValue: id), event: .start))) }
        host.send(.path(.popFrom(id: 2)))
        #expect(host.runningTaskNames == ["path/0/timer", "path/1/timer"])
        host.send(.popAll)
        #expect(host.runningTaskNames.isEmpty)
        #expect(host.state.heard == ["popping 2 of 3"], "the parent sees a pop while the screen is still there")
        await host.stop()
    }

    @Test("a screen's .dismiss pops it after the rest of its effect, as a popFrom the parent sees")
    func dismissPops() async {
        let host = makeHost()
        host.send(.push)
        host.send(.push)
        host.send(.path(.element(id: 1, event: .start)))
        host.send(.path(.element(id: 1, event: .closeAfterSaying)))
        #expect(host.state.path.ids == [0])
        #expect(host.runningTaskNames.isEmpty)
        let steps = recorder.transitions.suffix(3).map(\.event)
        #expect(
            steps == [
                .path(.element(id: 1, event: .closeAfterSaying)), .path(.element(id: 1, event: .said)),
                .path(.popFrom(id: 1)),
            ])
        #expect(host.state.heard == ["popping 1 of 2"])
        await host.stop()
    }

    @Test("a screen in the middle dismissing itself pops every screen above it too")
    func dismissFromTheMiddle() async {
        let host = makeHost()
        for _ in 0..<4 { host.send(.push) }
        host.send(.path(.element(id: 3, event: .start)))
        host.send(.path(.element(id: 1, event: .close)))
        #expect(host.state.path.ids == [0])
        #expect(host.runningTaskNames.isEmpty)
        await host.stop()
    }

    @Test("a pushed screen appears: its own appearing effect runs in the push's transition")
    func appears() async {
        let host = makeHost()
        host.send(.push)
        #expect(host.state.path[id: 0]?.notes == ["appeared"])
        host.send(.path(.push(id: 1, state: Screen.State())))
        #expect(host.state.path[id: 1]?.notes == ["appeared"])
        await host.stop()
    }

    @Test("a push under an id handed out before is refused and changes nothing; a late pop is reported")
    func badStackEvents() async {
        let host = makeHost()
        host.send(.push)
        host.send(.path(.popFrom(id: 0)))
        let before = host.state
        host.send(.path(.push(id: 0, state: Screen.State())))
        host.send(.path(.popFrom(id: 0)))
        #expect(host.state == before)
        #expect(
            reports == [
                "rejected: push under id 0, handed out before: the stack's next id is 1",
                "path(.popFrom(id: 0)) dropped: no child path/0 in state",
            ])
        await host.stop()
    }

    @Test("a .dismiss with no stack or destination around it is reported and changes nothing")
    func dismissAtTheRoot() async {
        enum Alone {
            static func update(state: inout Int, event: Bool) -> Effect<Bool, Void>? {
                state += 1
                return event ? .dismiss : nil
            }
        }
        let recorder = Recorder<Int, Bool>()
        let host = EffectHost(initialState: 0, env: (), observer: recorder.observer, update: Alone.update)
        host.send(true)
        #expect(host.state == 1)
        #expect(
            recorder.diagnostics.map(\.description) == [
                ".dismiss from true has no enclosing stack or destination: nothing was dismissed"
            ])
        var count = 0
        #expect(Alone.update(state: &count, event: true)?.summary == .dismiss)
        await host.stop()
    }
}
