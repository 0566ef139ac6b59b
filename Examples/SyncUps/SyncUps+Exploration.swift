import EffectEngine
import EffectEngineExploration
import Foundation

extension SyncUpsApp {
    /// The sync-up the model starts from: two attendees and two seconds long, so a
    /// meeting moves to the second speaker after one tick and ends after two.
    static let exploredSyncUp = SyncUp(
        id: UUID(1),
        attendees: [Attendee(id: UUID(2), name: "Blob"), Attendee(id: UUID(3), name: "Blob Jr")],
        duration: .seconds(2), title: "Design")

    /// The ids the model pushes under: screens are pushed while the stack has handed out
    /// fewer, so the ids, and the names of the tasks under them, stay few; back at the
    /// list, the stack is renumbered from 0.
    static let exploredPushes = 4

    /// The env the model steps `update` with: `env`, drawing the same id and date every
    /// time, so a state and an event always lead to one state (X3).
    static func explored(_ env: Env) -> Env {
        var env = env
        env.uuid = .constant(UUID(9))
        env.now = .constant(Date(timeIntervalSince1970: 1_234_567_890))
        return env
    }

    /// The app as a model to explore: one sync-up, opened, edited, deleted, met about
    /// once (the meeting's timer and recognizer delivering what they may), with the
    /// screens that come and go. Its properties are the navigation's own: no task runs under a
    /// screen no longer in the stack, the meeting's work runs only while its screen is
    /// shown, and every screen shows a sync-up that exists.
    ///
    /// ```text
    /// $ syncups --explore
    /// ```
    static func explorer(env: Env) -> Explorer<State, Event, Env> {
        explorer(env: env, update: update)
    }

    /// The model of ``explorer(env:)`` stepping another `update`: a copy with a planted
    /// bug, for the tests that show the properties catch it.
    static func explorer(
        env: Env, update: @escaping (inout State, Event) -> Effect<Event, Env>?
    ) -> Explorer<State, Event, Env> {
        var explorer = Explorer(
            initialState: State(syncUps: [exploredSyncUp]), env: explored(env), update: update, events: events)
        for id in 1..<exploredPushes {
            let meeting = StackElementID(rawValue: id)
            explorer = explorer.task("path/\(id)/meeting", keepsDelivering: { state in
                guard case .record(_, let own)? = state.path[id: meeting] else { return [] }
                // The timer ticks on; the recognizer hears one phrase, then may fail once.
                var outcomes: [RecordMeeting.Event] = [.timerTick]
                if own.transcript.isEmpty { outcomes.append(.speechResult(heard)) }
                if !own.transcript.hasSuffix("❌"), own.alert == nil { outcomes.append(.speechFailure) }
                return outcomes.map { .path(.element(id: meeting, event: .record($0))) }
            })
        }
        return
            explorer
            .always("no task runs under a screen no longer in the stack") { state, tasks in
                tasks.names.allSatisfy { name in
                    guard name.hasPrefix("path/"), let id = Int(name.dropFirst(5).prefix { $0 != "/" }) else { return true }
                    return state.path.ids.contains(StackElementID(rawValue: id))
                }
            }
            .always("a meeting's timer runs only while its screen is shown") { state, tasks in
                tasks.names.filter { $0.split(separator: "/").last == "meeting" }.allSatisfy { name in
                    guard name.hasPrefix("path/"), let id = Int(name.dropFirst(5).prefix { $0 != "/" }) else {
                        return false
                    }
                    guard case .record? = state.path[id: StackElementID(rawValue: id)] else { return false }
                    return true
                }
            }
            .always("every screen shows a sync-up of the list") { state in
                state.path.allSatisfy { screen in
                    let shown: SyncUp.ID =
                        switch screen {
                        case .detail(let id, _), .record(let id, _), .meeting(_, let id): id
                        }
                    return state.syncUps.contains { $0.id == shown }
                }
            }
            .terminal { $0.syncUps.isEmpty }
            // Back at the list, the stack is renumbered: a push and a pop close a cycle (X5).
            // Screens still shown keep their ids, which the names of their tasks carry.
            .symmetry { state in
                guard state.path.isEmpty else { return state }
                var canonical = state
                canonical.path = state.path.renumbered()
                return canonical
            }
            .sometimes("a meeting is saved") { !($0.syncUps.first?.meetings.isEmpty ?? true) }
            .sometimes("the sync-up is deleted") { $0.syncUps.isEmpty }
            .eventually(
                "a meeting runs out on its own until an alert stops the clock", after: { $0.isRecording },
                through: .taskOutcomes
            ) { !$0.isRecording || $0.meetingAlertShown }
    }

    /// What the scripted recognizer hears in the model.
    static let heard = SpeechRecognitionResult(bestTranscription: Transcription(formattedString: "hello"), isFinal: false)

    /// What a user can do at a state: what the screen on top offers.
    static func events(_ state: State) -> [Event] {
        let canPush = state.path.nextID.rawValue < exploredPushes
        guard let id = state.path.ids.last, let top = state.path.last else {
            guard canPush else { return [] }
            return state.syncUps.map { .path(.push(id: state.path.nextID, state: .detail($0.id, SyncUpDetail.Own()))) }
        }
        let back = Event.path(.popFrom(id: id))
        switch top {
        case .detail(let syncUpID, let own):
            let detail = { (event: SyncUpDetail.Event) in Event.path(.element(id: id, event: .detail(event))) }
            switch own.destination {
            case .alert(let alert)?:
                return alert.shownButtons.map { button in
                    detail(.destination(button.action.map { .presented(.alert($0)) } ?? .dismiss))
                }
            case .edit(let form)?:
                var renamed = form.syncUp
                renamed.title = "Renamed"
                return [
                    detail(.destination(.presented(.edit(.binding(.set(\.syncUp, renamed)))))),
                    detail(.doneEditingButtonTapped), detail(.cancelEditButtonTapped),
                ]
            case nil:
                let meetings = state.syncUps[id: syncUpID]?.meetings ?? []
                var events = [detail(.editButtonTapped), detail(.deleteButtonTapped), back]
                // One meeting is held at most, so the list of meetings stays short.
                if canPush, meetings.isEmpty { events.insert(detail(.startMeetingButtonTapped), at: 0) }
                if canPush, let meeting = meetings.first {
                    events.append(.path(.push(id: state.path.nextID, state: .meeting(meeting.id, syncUp: syncUpID))))
                }
                return events
            }
        case .meeting:
            return [back]
        case .record(_, let own):
            let record = { (event: RecordMeeting.Event) in Event.path(.element(id: id, event: .record(event))) }
            guard let alert = own.alert else { return [record(.nextButtonTapped), record(.endMeetingButtonTapped)] }
            return alert.shownButtons.map { record(.alert($0.action.map { .presented($0) } ?? .dismiss)) }
        }
    }
}

extension SyncUpsApp.State {
    /// Whether a meeting is being recorded.
    var isRecording: Bool {
        path.contains { if case .record = $0 { true } else { false } }
    }

    /// Whether the meeting being recorded shows an alert, which stops its clock.
    var meetingAlertShown: Bool {
        path.contains { if case .record(_, let own) = $0 { own.alert != nil } else { false } }
    }
}
