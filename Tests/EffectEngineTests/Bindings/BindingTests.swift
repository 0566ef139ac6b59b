import EffectEngine
import Foundation
import Testing

/// A form whose fields are set by bindings named by key path (N12).
enum BindingForm {
    enum Theme: String, Sendable { case sky, tan }

    struct Schedule: Equatable, Sendable {
        var weekday = 1
        var hour = 9
    }

    struct State: Equatable, Sendable {
        var title = ""
        var minutes = 5
        var theme = Theme.sky
        var schedule = Schedule()
        var note: String?
        var stepCount = 10
        var sliderValue = 5.0
    }

    enum Event: Equatable, Sendable {
        case binding(BindingEvent<State>)
    }

    static let fields = BindableFields<State>([
        .field(\.title),
        .field(\.minutes),
        .field(\.theme),
        .field(\.schedule.hour),
        .field(\.note, name: "note", read: { $0 == "-" ? .some(nil) : $0 }, write: { $0 ?? "-" }),
    ])

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .binding(let binding):
            if let minutes = binding.value(at: \.minutes), minutes > 60 {
                return .reject("a meeting lasts an hour at most")
            }
            binding.apply(to: &state)
            if binding.is(\.stepCount) { state.sliderValue = min(state.sliderValue, Double(state.stepCount)) }
            return nil
        }
    }
}

@MainActor
@Suite("Bindings: one event sets a field named by key path (N12)")
struct BindingTests {
    @Test func aBindingSetsAnyEquatableField() {
        var state = BindingForm.State()
        #expect(BindingForm.update(state: &state, event: .binding(.set(\.title, "Standup"))) == nil)
        #expect(BindingForm.update(state: &state, event: .binding(.set(\.minutes, 15))) == nil)
        #expect(BindingForm.update(state: &state, event: .binding(.set(\.theme, .tan))) == nil)
        let schedule = BindingForm.Schedule(weekday: 3, hour: 10)
        #expect(BindingForm.update(state: &state, event: .binding(.set(\.schedule, schedule))) == nil)
        #expect(BindingForm.update(state: &state, event: .binding(.set(\.note, "bring coffee"))) == nil)
        #expect(
            state
                == BindingForm.State(
                    title: "Standup", minutes: 15, theme: .tan, schedule: .init(weekday: 3, hour: 10),
                    note: "bring coffee"))
        #expect(BindingForm.fields.value(of: "minutes", in: state) == "15")
        #expect(BindingForm.fields.value(of: "theme", in: state) == "tan")
        #expect(BindingForm.fields.value(of: "secret", in: state) == nil)
    }

    @Test func updateReactsToOneFieldsBinding() {
        var state = BindingForm.State()
        _ = BindingForm.update(state: &state, event: .binding(.set(\.stepCount, 3)))
        #expect(state.stepCount == 3 && state.sliderValue == 3)
        _ = BindingForm.update(state: &state, event: .binding(.set(\.title, "x")))
        #expect(state.sliderValue == 3)
        let binding = BindingEvent<BindingForm.State>.set(\.minutes, 90)
        #expect(binding.is(\.minutes) && !binding.is(\.stepCount))
        #expect(binding.value(at: \.minutes) == 90 && binding.value(at: \.stepCount) == nil)
        let refused = BindingForm.update(state: &state, event: .binding(binding))
        #expect(refused?.summary == .rejected("a meeting lasts an hour at most"))
        #expect(state.minutes == 5)
    }

    @Test func aBindingMatchesItsFieldInASwitch() {
        let binding = BindingEvent<BindingForm.State>.set(\.stepCount, 4)
        switch binding {
        case \.minutes: Issue.record("matched another field")
        case \.stepCount: break
        default: Issue.record("matched no field")
        }
    }

    @Test func bindingsAreEqualByFieldAndValue() {
        typealias Binding = BindingEvent<BindingForm.State>
        #expect(Binding.set(\.minutes, 15) == .set(\.minutes, 15))
        #expect(Binding.set(\.minutes, 15) != .set(\.minutes, 16))
        #expect(Binding.set(\.minutes, 15) != .set(\.stepCount, 15))
        #expect(Set([Binding.set(\.minutes, 15), .set(\.minutes, 15), .set(\.title, "15")]).count == 2)
    }

    @Test func aBindingReadsFieldEqualsValue() {
        typealias Binding = BindingEvent<BindingForm.State>
        #expect(Binding.set(\.minutes, 15).description == "minutes = 15")
        #expect(Binding.set(\.title, "Hi").description == #"title = "Hi""#)
        #expect(Binding.set(\.theme, .tan).description == "theme = .tan")
        #expect(Binding.set(\.schedule.hour, 8).description == "schedule.hour = 8")
        #expect(Binding.set(\.note, nil).description == "note = nil")
        #expect(Binding.name(of: \BindingForm.State.schedule.weekday) == "schedule.weekday")
    }

    @Test func aFieldListedForTextReadsItOrSaysWhyNot() throws {
        typealias Binding = BindingEvent<BindingForm.State>
        let fields = BindingForm.fields
        #expect(fields.names == ["title", "minutes", "theme", "schedule.hour", "note"])
        #expect(try fields.binding(named: "minutes", text: "15") == Binding.set(\.minutes, 15))
        #expect(try fields.binding(named: "theme", text: "tan") == Binding.set(\.theme, .tan))
        #expect(try fields.binding(named: "schedule.hour", text: "7") == Binding.set(\.schedule.hour, 7))
        #expect(try fields.binding(named: "note", text: "-") == Binding.set(\.note, nil))
        #expect(throws: BindingTextError.noField("secret", fields: fields.names)) {
            try fields.binding(named: "secret", text: "x")
        }
        #expect(throws: BindingTextError.unreadable("minutes", text: "soon")) {
            try fields.binding(named: "minutes", text: "soon")
        }
        #expect(throws: BindingTextError.unreadable("theme", text: "pink")) {
            try fields.binding(named: "theme", text: "pink")
        }
        #expect(
            BindingTextError.noField("secret", fields: ["title", "minutes"]).description
                == "no field 'secret' to set: title, minutes")
        #expect(BindingTextError.unreadable("minutes", text: "soon").description == #"'minutes' cannot be "soon""#)
    }

    /// A form whose state lists its fields: its bindings are written by name and read back.
    private struct Listed: Equatable, Sendable, BindableState {
        enum Theme: String, Codable, Sendable { case sky, tan }
        struct Clock: Equatable, Sendable { var hour = 9 }

        var title = ""
        var theme = Theme.sky
        var clock = Clock()
        var secret = ""

        static let bindableFields = BindableFields<Listed>([
            .field(\.title), .field(\.theme), .field(\.clock.hour),
            .field(\.clock, name: "clock", read: { Int($0).map(Clock.init(hour:)) }, write: { "\($0.hour)" }),
        ])
    }

    @Test func aBindingOfAListedFieldIsCodable() throws {
        typealias Binding = BindingEvent<Listed>
        for binding in [Binding.set(\.title, "Standup"), .set(\.theme, .tan), .set(\.clock.hour, 7)] {
            let data = try JSONEncoder().encode(binding)
            #expect(try JSONDecoder().decode(Binding.self, from: data) == binding)
        }
        let text = String(decoding: try JSONEncoder().encode(Binding.set(\.theme, .tan)), as: UTF8.self)
        #expect(text.contains(#""field":"theme""#) && text.contains(#""value":"tan""#))
    }

    @Test func aBindingThatCannotBeCodedSaysWhy() {
        typealias Binding = BindingEvent<Listed>
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Binding.set(\.secret, "x")) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Binding.set(\.clock, .init(hour: 3))) }
        #expect {
            try JSONDecoder().decode(Binding.self, from: Data(#"{"field":"secret","value":"x"}"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "no field 'secret' to set: title, theme, clock.hour, clock"
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Binding.self, from: Data(#"{"field":"theme","value":"plaid"}"#.utf8))
        }
        #expect {
            try JSONDecoder().decode(Binding.self, from: Data(#"{"field":"clock","value":3}"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "'clock' has a value that is not Decodable"
        }
    }
}
