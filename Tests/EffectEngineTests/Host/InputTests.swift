import EffectEngine
import Foundation
import Testing

@MainActor
@Suite("Input: enqueue from anywhere, in order (R12)")
struct InputTests {
    @Test("2,000 events from one task arrive in the order sent")
    func orderFromOneTask() async {
        let host = EffectHost<[Int], Int, Void>(initialState: []) { state, event in
            if event < 0 {
                return .task(name: "burst") { input, _ in
                    for number in 0..<2_000 { input(number) }
                }
            }
            state.append(event)
            return nil
        }
        await host.perform(-1)
        #expect(host.state == Array(0..<2_000))
    }

    @Test("input returns at once, even while the main actor is busy")
    func enqueueDoesNotWaitForTheMainActor() async {
        let host = TraceHost { _, _ in nil }
        let input = host.input
        let sent = Signal()
        // A thread of its own, not a task: the cooperative pool may be busy with the
        // suites beside this one for longer than the bound below.
        Thread {
            for number in 0..<100 { input("e\(number)") }
            sent.fire()
        }.start()
        // The main actor is held here; input must not need it.
        #expect(sent.blockingWait())
        #expect(host.state.events.isEmpty)
        await host.input.perform("end")
        #expect(host.state.events == (0..<100).map { "e\($0)" } + ["end"])
    }

    @Test("Input.send processes at once on the main actor")
    func sendThroughInput() {
        let host = TraceHost { _, event in event == "a" ? .send("b") : nil }
        host.input.send("a")
        #expect(host.state.events == ["a", "b"])
    }

    @Test("a spy input hands every event to its closure")
    func spyInput() async {
        let seen = Log<String>()
        let input = Input<String> { seen.append($0) }
        input("one")
        input.send("two")
        await input.perform("three")
        #expect(seen.values == ["one", "two", "three"])
    }
}
