import EffectEngineShared
import EffectEngineTesting
import Testing

/// TCA's BindingForm, as a port writes it (N9).
private enum BindingForm {
    struct State: Equatable { var stepCount = 10; var text = "" }
    enum Event: Equatable, Sendable { case binding(BindingEvent<State>), reset }

    static let fields = BindableFields<State>([.field("stepCount", \.stepCount), .field("text", \.text)])

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .binding(let binding): return fields.apply(binding, to: &state)
        case .reset: return .reject("nothing to reset")
        }
    }
}

@Suite("A refused binding fails an exhaustive test; a binding reads field = value (issue 56)")
struct RefusedBindingTests {
    static func says(_ text: String) -> (Issue) -> Bool {
        { issue in issue.comments.map(\.rawValue).joined().contains(text) }
    }

    @Test("a binding to a misspelled field fails finish(), naming the refusal and the binding")
    func misspelledField() async {
        let host = TestHost(initialState: BindingForm.State(), update: BindingForm.update)
        await withKnownIssue {
            await host.send(.binding(.set("stepCont", 10)))
            await host.finish()
        } matching: {
            Self.says("no field 'stepCont' to set: stepCount, text")($0) && Self.says("stepCont = 10")($0)
        }
    }

    @Test("a binding with a value its field cannot read fails finish()")
    func unreadableValue() async {
        let host = TestHost(initialState: BindingForm.State(), update: BindingForm.update)
        await withKnownIssue {
            await host.send(.binding(.set("stepCount", "ten")))
            await host.finish()
        } matching: {
            Self.says("'stepCount' cannot be \"ten\"")($0)
        }
    }

    @Test("an expected refusal passes; a refusal of another event never fails the test (L8)")
    func expectedRefusalPasses() async {
        let host = TestHost(initialState: BindingForm.State(), update: BindingForm.update)
        await host.send(.binding(.set("stepCont", 10)))
        await host.expectDiagnostic(.rejected("no field 'stepCont' to set: stepCount, text"))
        await host.send(.reset)
        await host.send(.binding(.set("stepCount", 1))) { $0.stepCount = 1 }
        await host.finish()
    }

    @Test("a binding reads field = value in diffs and traces, a number unquoted, text quoted")
    func readsAsFieldEqualsValue() {
        #expect(StateDiff.render(BindingForm.Event.binding(.set("stepCount", 1))) == ".binding(stepCount = 1)")
        #expect(StateDiff.render(BindingForm.Event.binding(.set("text", "Hi"))) == #".binding(text = "Hi")"#)
        #expect(BindingEvent<BindingForm.State>.set("text", "10").description == "text = 10")
    }
}
