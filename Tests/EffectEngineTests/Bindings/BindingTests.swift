import EffectEngine
import Testing

/// A form whose fields are set by bindings (N9).
enum BindingForm {
    enum Theme: String, Sendable { case sky, tan }

    struct State: Equatable, Sendable {
        var title = ""
        var minutes = 5
        var theme = Theme.sky
        var secret = ""
    }

    enum Event: Equatable, Sendable {
        case binding(BindingEvent<State>)
    }

    static let fields = BindableFields<State>([
        .field("title", \.title),
        .field("minutes", \.minutes),
        .field("theme", \.theme, read: { Theme(rawValue: $0) }, write: { $0.rawValue }),
    ])

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .binding(let binding):
            return fields.apply(binding, to: &state)
        }
    }
}

@MainActor
@Suite("Bindings: one event sets a field the form allows (N9)")
struct BindingTests {
    @Test func aBindingSetsTheFieldItNames() {
        var state = BindingForm.State()
        #expect(BindingForm.update(state: &state, event: .binding(.set("title", "Standup"))) == nil)
        #expect(BindingForm.update(state: &state, event: .binding(.set("minutes", 15))) == nil)
        #expect(BindingForm.update(state: &state, event: .binding(.set("theme", "tan"))) == nil)
        #expect(state == BindingForm.State(title: "Standup", minutes: 15, theme: .tan))
        #expect(BindingForm.fields.value(of: "minutes", in: state) == "15")
    }

    @Test func aBindingOutsideTheAllowedFieldsIsRefusedAndChangesNothing() {
        var state = BindingForm.State()
        let refused = BindingForm.update(state: &state, event: .binding(.set("secret", "x")))
        #expect(refused?.summary == .rejected("no field 'secret' to set: title, minutes, theme"))
        let unreadable = BindingForm.update(state: &state, event: .binding(.set("minutes", "soon")))
        #expect(unreadable?.summary == .rejected("'minutes' cannot be \"soon\""))
        #expect(state == BindingForm.State())
    }
}
