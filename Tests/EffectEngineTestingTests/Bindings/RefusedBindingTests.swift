import EffectEngineShared
import EffectEngineTesting
import Testing

/// TCA's BindingForm, as a port writes it (N12): a step count of at most 100.
private enum BindingForm {
    enum Mode: String, Equatable, Sendable { case walk, run }
    struct State: Equatable { var stepCount = 10; var text = ""; var mode = Mode.walk }
    enum Event: Equatable, Sendable { case binding(BindingEvent<State>), reset }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .binding(let binding):
            if let count = binding.value(at: \.stepCount), count > 100 { return .reject("at most 100 steps") }
            binding.apply(to: &state)
            return nil
        case .reset: return .reject("nothing to reset")
        }
    }
}

@Suite("A refused binding fails an exhaustive test; a binding reads field = value (issue 56)")
struct RefusedBindingTests {
    static func says(_ text: String) -> (Issue) -> Bool {
        { issue in issue.comments.map(\.rawValue).joined().contains(text) }
    }

    @Test("a binding the form refuses fails finish(), naming the refusal and the binding")
    func refusedBinding() async {
        let host = TestHost(initialState: BindingForm.State(), update: BindingForm.update)
        await withKnownIssue {
            await host.send(.binding(.set(\.stepCount, 1000)))
            await host.finish()
        } matching: {
            Self.says("at most 100 steps")($0) && Self.says("stepCount = 1000")($0)
        }
    }

    @Test("an expected refusal passes; a refusal of another event never fails the test (L8)")
    func expectedRefusalPasses() async {
        let host = TestHost(initialState: BindingForm.State(), update: BindingForm.update)
        await host.send(.binding(.set(\.stepCount, 1000)))
        await host.expectDiagnostic(.rejected("at most 100 steps"))
        await host.send(.reset)
        await host.send(.binding(.set(\.stepCount, 1))) { $0.stepCount = 1 }
        await host.send(.binding(.set(\.mode, .run))) { $0.mode = .run }
        await host.finish()
    }

    @Test("a failed send shows its binding as field = value")
    func failedSendShowsTheBinding() async {
        let host = TestHost(initialState: BindingForm.State(), update: BindingForm.update)
        await withKnownIssue {
            await host.send(.binding(.set(\.stepCount, 1))) { $0.stepCount = 2 }
        } matching: {
            Self.says("binding(stepCount = 1)")($0)
        }
        await host.finish()
    }

    @Test("a binding reads field = value in diffs and traces: a number bare, text quoted, a case dotted")
    func readsAsFieldEqualsValue() {
        #expect(StateDiff.render(BindingForm.Event.binding(.set(\.stepCount, 1))) == ".binding(stepCount = 1)")
        #expect(StateDiff.render(BindingForm.Event.binding(.set(\.text, "Hi"))) == #".binding(text = "Hi")"#)
        #expect(StateDiff.render(BindingForm.Event.binding(.set(\.text, "10"))) == #".binding(text = "10")"#)
        #expect(StateDiff.render(BindingForm.Event.binding(.set(\.mode, .run))) == ".binding(mode = .run)")
    }
}
