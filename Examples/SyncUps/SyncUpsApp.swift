import EffectEngine
import Foundation

/// TCA's SyncUps as one feature: a list of sync-ups, a stack of screens pushed over it (a
/// sync-up's detail, a past meeting, a meeting being recorded), sheets and alerts, and the
/// list kept on disk.
///
/// The sync-ups live once, in ``State/syncUps`` (N6): the list, each detail and each
/// meeting screen are projections of them, so an edit on any screen is in the list in
/// the same transition. The screens of the stack keep only what is their own and the id
/// of the sync-up they show.
enum SyncUpsApp {
    struct State: Hashable, Codable, Sendable {
        /// Every sync-up: what the app keeps on disk.
        var syncUps: IdentifiedArray<SyncUp> = []
        /// What the list screen keeps: its sheet.
        var list = SyncUpsList.Own()
        /// The screens pushed over the list.
        var path = StackState<Path.State>()
    }

    enum Event: Hashable, Codable, Sendable {
        case list(SyncUpsList.Event)
        case path(StackEvent<Path.State, Path.Event>)
    }

    /// The screens that can be pushed over the list, each with the id of the sync-up it
    /// shows.
    enum Path {
        enum State: Hashable, Codable, Sendable {
            case detail(SyncUp.ID, SyncUpDetail.Own)
            case meeting(Meeting.ID, syncUp: SyncUp.ID)
            case record(SyncUp.ID, RecordMeeting.Own)
        }

        enum Event: Hashable, Codable, Sendable {
            case detail(SyncUpDetail.Event)
            case record(RecordMeeting.Event)
        }

        static func update(state: inout Projection<IdentifiedArray<SyncUp>, State>, event: Event) -> Effect<Event, Env>? {
            switch (state.own, event) {
            case (.detail(let id, let detail), .detail(let event)):
                return state.run(detail, showing: id, as: { .detail(id, $0) }, update: SyncUpDetail.update, event: event)?
                    .map(Event.detail)
            case (.record(let id, let record), .record(let event)):
                return state.run(record, showing: id, as: { .record(id, $0) }, update: RecordMeeting.update, event: event)?
                    .map(Event.record)
            default:
                return .notPresented
            }
        }

        static func appear(state: Projection<IdentifiedArray<SyncUp>, State>) -> Effect<Event, Env>? {
            guard case .record(let id, let record) = state.own,
                let meeting = state.projection(of: record, showing: id)
            else { return nil }
            return RecordMeeting.appear(state: meeting)?.map(Event.record)
        }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        Compose.stack(
            \.path, sharing: \.syncUps, in: &state, event: event, scope: "path",
            child: CasePath(Event.path), env: { $0 }, update: Path.update, appear: Path.appear
        ) { state, event in
            Compose.field(
                \.list, sharing: \.syncUps, in: &state, event: event, scope: "list",
                child: CasePath(Event.list), env: { $0 }, update: SyncUpsList.update, parent: reduce)
        }
    }

    private static func reduce(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .path(.element(let id, .detail(.delegate(let delegate)))):
            guard case .detail(let syncUpID, _) = state.path[id: id] else { return nil }
            switch delegate {
            case .startMeeting:
                state.path.append(.record(syncUpID, RecordMeeting.Own()))
            case .deleteSyncUp:
                state.syncUps.remove(id: syncUpID)
            }
            return nil
        case .path, .list:
            return nil
        }
    }
}
