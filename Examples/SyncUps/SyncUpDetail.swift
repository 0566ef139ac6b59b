import EffectEngine
import Foundation

/// One sync-up, pushed over the list: start a meeting, edit it in a sheet, delete it,
/// forget past meetings. The sync-up lives in the app's list (N6); the detail keeps only
/// what it presents.
enum SyncUpDetail {
    struct Own: Hashable, Codable, Sendable {
        var destination: Destination.State?
    }

    typealias State = Projection<SyncUp, Own>

    enum Event: Hashable, Codable, Sendable {
        case cancelEditButtonTapped
        case delegate(Delegate)
        case deleteButtonTapped
        case deleteMeetings(atOffsets: IndexSet)
        case destination(PresentationEvent<Destination.Event>)
        case doneEditingButtonTapped
        case editButtonTapped
        case startMeetingButtonTapped
        /// Whether the app may listen, as the env said when a meeting was asked for.
        case speechAuthorization(SpeechAuthorization)

        /// What the detail asks of the app.
        enum Delegate: Hashable, Codable, Sendable {
            case startMeeting
            case deleteSyncUp
        }
    }

    /// What the detail presents: an alert, or the form editing the sync-up.
    enum Destination {
        enum State: Hashable, Codable, Sendable {
            case alert(AlertState<Alert>)
            case edit(SyncUpForm.State)
        }

        enum Event: Hashable, Codable, Sendable {
            case alert(Alert)
            case edit(SyncUpForm.Event)
        }

        enum Alert: Hashable, Codable, Sendable {
            case confirmDeletion
            case continueWithoutRecording
            case openSettings
        }

        static func update(state: inout State, event: Event) -> Effect<Event, SyncUpsApp.Env>? {
            Compose.route(
                &state, event,
                ScreenRoute(State.alert, Event.alert) { alert, action in alert.respond(to: action) },
                ScreenRoute(State.edit, Event.edit, update: SyncUpForm.update))
        }

        static func appear(state: State) -> Effect<Event, SyncUpsApp.Env>? {
            guard case .edit(let form) = state else { return nil }
            return SyncUpForm.appear(state: form)?.map(Event.edit)
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
        case .cancelEditButtonTapped:
            state.destination = nil
            return nil
        case .delegate:
            return nil
        case .deleteButtonTapped:
            state.destination = .alert(.deleteSyncUp)
            return nil
        case .deleteMeetings(let offsets):
            state.value.meetings.remove(atOffsets: offsets)
            return nil
        case .destination(.presented(.alert(.confirmDeletion))):
            return .sequence([.send(.delegate(.deleteSyncUp)), .dismiss])
        case .destination(.presented(.alert(.continueWithoutRecording))):
            return .send(.delegate(.startMeeting))
        case .destination(.presented(.alert(.openSettings))):
            return .run(name: "openSettings") { _, env in await env.openSettings() }
        case .destination:
            return nil
        case .doneEditingButtonTapped:
            guard case .edit(let form) = state.destination else { return nil }
            state.value = form.syncUp
            state.destination = nil
            return nil
        case .editButtonTapped:
            state.destination = .edit(SyncUpForm.State(syncUp: state.value))
            return nil
        case .startMeetingButtonTapped:
            return .action { env in .speechAuthorization(env.speech.authorizationStatus()) }
        case .speechAuthorization(.notDetermined), .speechAuthorization(.authorized):
            return .send(.delegate(.startMeeting))
        case .speechAuthorization(.denied):
            state.destination = .alert(.speechRecognitionDenied)
            return nil
        case .speechAuthorization(.restricted):
            state.destination = .alert(.speechRecognitionRestricted)
            return nil
        }
    }
}

extension AlertState where Action == SyncUpDetail.Destination.Alert {
    static let deleteSyncUp = AlertState(
        title: "Delete?",
        message: "Are you sure you want to delete this meeting?",
        buttons: [
            ButtonState("Yes", role: .destructive, action: .confirmDeletion),
            ButtonState("Nevermind", role: .cancel),
        ])

    static let speechRecognitionDenied = AlertState(
        title: "Speech recognition denied",
        message: """
            You previously denied speech recognition and so your meeting will not be recorded. You can \
            enable speech recognition in settings, or you can continue without recording.
            """,
        buttons: [
            ButtonState("Continue without recording", action: .continueWithoutRecording),
            ButtonState("Open settings", action: .openSettings),
            ButtonState("Cancel", role: .cancel),
        ])

    static let speechRecognitionRestricted = AlertState(
        title: "Speech recognition restricted",
        message: "Your device does not support speech recognition and so your meeting will not be recorded.",
        buttons: [
            ButtonState("Continue without recording", action: .continueWithoutRecording),
            ButtonState("Cancel", role: .cancel),
        ])
}
