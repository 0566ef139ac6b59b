import EffectEngine
import Foundation

/// The form that edits a draft of a sync-up, in a sheet: its title, length, theme and
/// attendees. The draft is the form's own; whoever presents the form keeps it or throws
/// it away. A draft always has an attendee: one with none gets an empty one when the form
/// appears (``Event/appeared``, which the presenting destination sends).
enum SyncUpForm {
    /// Which field has the keyboard.
    enum Field: Hashable, Codable, Sendable {
        case attendee(Attendee.ID)
        case title
    }

    struct State: Hashable, Codable, Sendable, BindableState {
        var focus: Field? = .title
        var syncUp: SyncUp

        /// The draft, as a view binds it (TCA's `\.binding.syncUp`): listed so that a
        /// binding of it is written to a journal by the sync-up's own coding. The line
        /// program sets it with commands of its own, one part each, so it has no text.
        static let bindableFields = BindableFields<State>([
            .field(\.syncUp, read: { _ in nil }, write: \.title)
        ])
    }

    enum Event: Hashable, Codable, Sendable {
        case appeared
        case addAttendeeButtonTapped
        /// An attendee added with an id drawn from the env, and given the keyboard or not.
        case attendeeAdded(Attendee.ID, focus: Bool)
        /// The form's fields, as a view binds them.
        case binding(BindingEvent<State>)
        case deleteAttendees(atOffsets: IndexSet)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, SyncUpsApp.Env>? {
        switch event {
        case .appeared:
            guard state.syncUp.attendees.isEmpty else { return nil }
            return .action { env in .attendeeAdded(env.uuid(), focus: false) }
        case .addAttendeeButtonTapped:
            return .action { env in .attendeeAdded(env.uuid(), focus: true) }
        case .attendeeAdded(let id, let focus):
            state.syncUp.attendees.append(Attendee(id: id))
            if focus { state.focus = .attendee(id) }
            return nil
        case .binding(let binding):
            binding.apply(to: &state)
            return nil
        case .deleteAttendees(let offsets):
            state.syncUp.attendees.remove(atOffsets: offsets)
            guard !state.syncUp.attendees.isEmpty else {
                return .action { env in .attendeeAdded(env.uuid(), focus: true) }
            }
            guard let first = offsets.first else { return nil }
            state.focus = .attendee(state.syncUp.attendees[min(first, state.syncUp.attendees.count - 1)].id)
            return nil
        }
    }

    /// What the form does when it is presented: it is told it appeared.
    static func appear(state: State) -> Effect<Event, SyncUpsApp.Env>? {
        .send(.appeared)
    }
}
