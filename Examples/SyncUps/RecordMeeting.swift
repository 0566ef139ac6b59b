import EffectEngine
import Foundation

/// A meeting being held: a timer that moves from speaker to speaker, a transcript from the
/// speech recognizer, and an alert to save or discard it when it ends early. Its work (the
/// timer and the recognizer) starts when the screen appears (N5) and ends with it; the
/// meeting is saved into the sync-up, which lives in the app's list (N6).
enum RecordMeeting {
    struct Own: Hashable, Codable, Sendable {
        var alert: AlertState<Alert>?
        var secondsElapsed = 0
        var speakerIndex = 0
        var transcript = ""
    }

    typealias State = Projection<SyncUp, Own>

    enum Alert: Hashable, Codable, Sendable {
        case confirmDiscard
        case confirmSave
    }

    enum Event: Hashable, Codable, Sendable {
        case alert(PresentationEvent<Alert>)
        case endMeetingButtonTapped
        case nextButtonTapped
        case onTask
        case timerTick
        case speechFailure
        case speechResult(SpeechRecognitionResult)
        /// The meeting, saved with an id and a date drawn from the env.
        case meetingSaved(Meeting)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, SyncUpsApp.Env>? {
        Compose.alert(
            \.own.alert, in: &state, event: event, child: CasePath(Event.alert), parent: reduce)
    }

    private static func reduce(state: inout State, event: Event) -> Effect<Event, SyncUpsApp.Env>? {
        switch event {
        case .alert(.presented(.confirmDiscard)):
            return .dismiss
        case .alert(.presented(.confirmSave)):
            return save(state)
        case .alert:
            return nil
        case .endMeetingButtonTapped:
            state.alert = .endMeeting(isDiscardable: true)
            return nil
        case .nextButtonTapped:
            guard state.speakerIndex < state.value.attendees.count - 1 else {
                state.alert = .endMeeting(isDiscardable: false)
                return nil
            }
            state.speakerIndex += 1
            state.secondsElapsed = state.speakerIndex * Int(state.value.durationPerAttendee.components.seconds)
            return nil
        case .onTask:
            return .run(name: "meeting") { input, env in
                let speech = env.speech
                let authorization =
                    speech.authorizationStatus() == .notDetermined
                    ? await speech.requestAuthorization() : speech.authorizationStatus()
                await withDiscardingTaskGroup { group in
                    if authorization == .authorized {
                        group.addTask { await listen(input, speech) }
                    }
                    group.addTask {
                        for await _ in env.clock.timer(interval: .seconds(1)) { input(.timerTick) }
                    }
                }
            }
        case .timerTick:
            guard state.alert == nil else { return nil }
            state.secondsElapsed += 1
            let secondsPerAttendee = Int(state.value.durationPerAttendee.components.seconds)
            guard state.secondsElapsed.isMultiple(of: secondsPerAttendee) else { return nil }
            if state.secondsElapsed == state.value.duration.components.seconds { return save(state) }
            state.speakerIndex += 1
            return nil
        case .speechFailure:
            if !state.transcript.isEmpty { state.transcript += " ❌" }
            state.alert = .speechRecognizerFailed
            return nil
        case .speechResult(let result):
            state.transcript = result.bestTranscription.formattedString
            return nil
        case .meetingSaved(let meeting):
            state.value.meetings.insert(meeting, at: 0)
            return .dismiss
        }
    }

    /// Saves the meeting (with an id and a date from the env), then ends the screen.
    private static func save(_ state: State) -> Effect<Event, SyncUpsApp.Env> {
        let transcript = state.transcript
        return .action { env in .meetingSaved(Meeting(id: env.uuid(), date: env.now(), transcript: transcript)) }
    }

    /// Sends what the recognizer hears until it ends, and a failure if it fails.
    private static func listen(_ input: Input<Event>, _ speech: SpeechClient) async {
        do {
            for try await result in speech.startTask() { input(.speechResult(result)) }
        } catch {
            input(.speechFailure)
        }
    }

    /// What the meeting screen does when it appears: it is told so, and starts its work.
    static func appear(state: State) -> Effect<Event, SyncUpsApp.Env>? {
        .send(.onTask)
    }
}

extension Projection where Value == SyncUp, Own == RecordMeeting.Own {
    /// The time the meeting has left.
    ///
    /// ```swift
    /// #expect(RecordMeeting.State(value: .mock, own: .init()).durationRemaining == .seconds(60))
    /// ```
    var durationRemaining: Duration {
        value.duration - .seconds(own.secondsElapsed)
    }
}

extension AlertState where Action == RecordMeeting.Alert {
    static func endMeeting(isDiscardable: Bool) -> AlertState {
        AlertState(
            title: "End meeting?",
            message: "You are ending the meeting early. What would you like to do?",
            buttons: [ButtonState("Save and end", action: .confirmSave)]
                + (isDiscardable ? [ButtonState("Discard", role: .destructive, action: .confirmDiscard)] : [])
                + [ButtonState("Resume", role: .cancel)])
    }

    static let speechRecognizerFailed = AlertState(
        title: "Speech recognition failure",
        message: """
            The speech recognizer has failed for some reason and so your meeting will no longer be \
            recorded. What do you want to do?
            """,
        buttons: [
            ButtonState("Continue meeting", role: .cancel),
            ButtonState("Discard meeting", role: .destructive, action: .confirmDiscard),
        ])
}
