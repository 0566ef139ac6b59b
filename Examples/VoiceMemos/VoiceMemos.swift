import EffectEngine
import Foundation

/// TCA's VoiceMemos: a list of recorded memos, a screen recording a new one, the
/// recorder's permission asked first, and alerts when something fails.
enum VoiceMemos {
    struct State: Equatable, Sendable {
        var alert: AlertState<Alert>?
        var audioRecorderPermission = RecorderPermission.undetermined
        var recordingMemo: RecordingMemo.State?
        var voiceMemos: IdentifiedArray<VoiceMemo.State> = []

        enum RecorderPermission: Equatable, Sendable { case allowed, denied, undetermined }
    }

    /// The alerts only inform: their one button dismisses them.
    enum Alert: Equatable, Sendable {}

    enum Event: Sendable {
        case alert(PresentationEvent<Alert>)
        case onDelete(IndexSet)
        case openSettingsButtonTapped
        case recordButtonTapped
        case recordPermissionResponse(Bool)
        case recordingMemo(PresentationEvent<RecordingMemo.Event>)
        case voiceMemos(URL, VoiceMemo.Event)
        /// A new memo's recording screen, its date and file drawn from the env.
        case recordingMemoCreated(RecordingMemo.State)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, VoiceMemosEnv>? {
        Compose.alert(\.alert, in: &state, event: event, child: CasePath(Event.alert)) { state, event in
            Compose.destination(
                \.recordingMemo, in: &state, event: event, scope: "recordingMemo",
                child: CasePath(Event.recordingMemo), env: { $0 }, update: RecordingMemo.update,
                appear: { _ in .send(.onTask) }   // the recording screen's `.task` in TCA's view
            ) { state, event in
                Compose.forEach(
                    \.voiceMemos, in: &state, event: event, scope: "voiceMemos",
                    child: CasePath(Event.voiceMemos), env: { $0 }, update: VoiceMemo.update, parent: reduce)
            }
        }
    }

    private static func reduce(state: inout State, event: Event) -> Effect<Event, VoiceMemosEnv>? {
        switch event {
        case .alert, .recordingMemo, .voiceMemos:
            return routed(state: &state, event: event)
        case .onDelete(let offsets):
            state.voiceMemos.remove(atOffsets: offsets.filter(state.voiceMemos.indices.contains))
            return nil
        case .openSettingsButtonTapped:
            return .task { _, env in await env.openSettings() }
        case .recordButtonTapped:
            switch state.audioRecorderPermission {
            case .undetermined:
                return .task { input, env in input(.recordPermissionResponse(await env.recorder.requestRecordPermission())) }
            case .denied:
                state.alert = .permissionRequired
                return nil
            case .allowed:
                return newRecordingMemo
            }
        case .recordPermissionResponse(let permission):
            state.audioRecorderPermission = permission ? .allowed : .denied
            guard permission else {
                state.alert = .permissionRequired
                return nil
            }
            return newRecordingMemo
        case .recordingMemoCreated(let memo):
            state.recordingMemo = memo
            return nil
        }
    }

    /// What the parent does with its children's events.
    private static func routed(state: inout State, event: Event) -> Effect<Event, VoiceMemosEnv>? {
        switch event {
        case .recordingMemo(.presented(.delegate(.didFinish(.success(let memo))))):
            state.recordingMemo = nil
            state.voiceMemos.insert(VoiceMemo.State(date: memo.date, duration: memo.duration, url: memo.url), at: 0)
        case .recordingMemo(.presented(.delegate(.didFinish(.failure)))):
            state.alert = .recordingFailed
            state.recordingMemo = nil
        case .voiceMemos(_, .delegate(.playbackFailed)):
            state.alert = .playbackFailed
        case .voiceMemos(let id, .delegate(.playbackStarted)):
            for index in state.voiceMemos.indices where state.voiceMemos[index].id != id {
                state.voiceMemos[index].mode = .notPlaying
            }
        default:
            break
        }
        return nil
    }

    /// A recording screen for a new memo: its date now, its file a fresh name in the
    /// temporary directory (TCA reads these dependencies in its reducer; here an action does).
    private static var newRecordingMemo: Effect<Event, VoiceMemosEnv> {
        .action { env in
            .recordingMemoCreated(
                RecordingMemo.State(
                    date: env.now(),
                    url: env.temporaryDirectory().appendingPathComponent(env.uuid().uuidString)
                        .appendingPathExtension("m4a")))
        }
    }
}

extension AlertState where Action == VoiceMemos.Alert {
    static let permissionRequired = AlertState(title: "Permission is required to record voice memos.")
    static let recordingFailed = AlertState(title: "Voice memo recording failed.")
    static let playbackFailed = AlertState(title: "Voice memo playback failed.")
}
