import EffectEngine
import Foundation

/// The list of sync-ups, and the sheet that adds one. The sync-ups themselves live in
/// the app's state, once (N6): the list is a projection of them and of what it keeps
/// itself, the sheet.
enum SyncUpsList {
    struct Own: Hashable, Codable, Sendable {
        var destination: Destination.State?
    }

    typealias State = Projection<IdentifiedArray<SyncUp>, Own>

    enum Event: Hashable, Codable, Sendable {
        case addSyncUpButtonTapped
        /// The sheet opened on a new sync-up with an id drawn from the env.
        case addSyncUp(SyncUp.ID)
        case confirmAddSyncUpButtonTapped
        /// The sync-up added with an attendee drawn from the env, having none left.
        case confirmAddSyncUp(spare: Attendee.ID)
        case destination(PresentationEvent<Destination.Event>)
        case dismissAddSyncUpButtonTapped
        case onDelete(IndexSet)
    }

    /// What the list presents: the form adding a sync-up.
    enum Destination {
        enum State: Hashable, Codable, Sendable {
            case add(SyncUpForm.State)
        }

        enum Event: Hashable, Codable, Sendable {
            case add(SyncUpForm.Event)
        }

        static func update(state: inout State, event: Event) -> Effect<Event, SyncUpsApp.Env>? {
            Compose.route(&state, event, ScreenRoute(State.add, Event.add, update: SyncUpForm.update))
        }

        static func appear(state: State) -> Effect<Event, SyncUpsApp.Env>? {
            switch state {
            case .add(let form): SyncUpForm.appear(state: form)?.map(Event.add)
            }
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, SyncUpsApp.Env>? {
        Compose.destination(
            \.own.destination, in: &state, event: event, scope: "destination",
            child: CasePath(Event.destination), env: { $0 }, update: Destination.update, appear: Destination.appear,
            parent: reduce)
    }

    private static func reduce(state: inout State, event: Event) -> Effect<Event, SyncUpsApp.Env>? {
        switch event {
        case .addSyncUpButtonTapped:
            return .action { env in .addSyncUp(env.uuid()) }
        case .addSyncUp(let id):
            state.destination = .add(SyncUpForm.State(syncUp: SyncUp(id: id)))
            return nil
        case .confirmAddSyncUpButtonTapped:
            guard case .add(let form) = state.destination else { return nil }
            var syncUp = form.syncUp
            syncUp.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
            guard !syncUp.attendees.isEmpty || !form.syncUp.attendees.isEmpty else {
                return .action { env in .confirmAddSyncUp(spare: env.uuid()) }
            }
            if syncUp.attendees.isEmpty { syncUp.attendees = [form.syncUp.attendees[0]] }
            state.value.append(syncUp)
            state.destination = nil
            return nil
        case .confirmAddSyncUp(let spare):
            guard case .add(let form) = state.destination else { return nil }
            var syncUp = form.syncUp
            syncUp.attendees = [Attendee(id: spare)]
            state.value.append(syncUp)
            state.destination = nil
            return nil
        case .destination:
            return nil
        case .dismissAddSyncUpButtonTapped:
            state.destination = nil
            return nil
        case .onDelete(let offsets):
            state.value.remove(atOffsets: offsets)
            return nil
        }
    }
}
