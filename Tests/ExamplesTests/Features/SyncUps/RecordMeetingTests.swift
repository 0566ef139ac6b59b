import EffectEngine
import EffectEngineTesting
import Foundation
import Testing

@testable import syncups

/// TCA's `RecordMeetingTests`, ported. The meeting's state is a projection: the sync-up
/// met about, and what the screen keeps itself.
@Suite struct RecordMeetingTests {
    static let threeAttendees = SyncUp(
        id: UUID(), attendees: [Attendee(id: UUID()), Attendee(id: UUID()), Attendee(id: UUID())],
        duration: .seconds(6))

    static func host(
        _ syncUp: SyncUp = threeAttendees, env: SyncUpsApp.Env
    ) -> TestHost<RecordMeeting.State, RecordMeeting.Event, SyncUpsApp.Env> {
        TestHost(initialState: RecordMeeting.State(value: syncUp, own: .init()), env: env, update: RecordMeeting.update)
    }

    static let saved = Meeting(id: UUID(0), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: "")

    @Test func timer() async {
        let clock = TestClock()
        var env = SyncUpsApp.Env.test(clock: clock)
        env.speech.authorizationStatus = { .denied }
        let host = Self.host(env: env)
        await host.send(.onTask)
        await clock.advance(by: .seconds(1))
        await host.receive(.timerTick) {
            $0.speakerIndex = 0
            $0.secondsElapsed = 1
            #expect($0.durationRemaining == .seconds(5))
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.timerTick) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 2
            #expect($0.durationRemaining == .seconds(4))
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.timerTick) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 3
            #expect($0.durationRemaining == .seconds(3))
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.timerTick) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 4
            #expect($0.durationRemaining == .seconds(2))
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.timerTick) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 5
            #expect($0.durationRemaining == .seconds(1))
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.timerTick) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 6
            $0.value.meetings.insert(Self.saved, at: 0)
            #expect($0.durationRemaining == .seconds(0))
        }
        // The last tick saves the meeting: an event of its chain, received as TCA's test
        // receives the delegate's save.
        await host.receive(.meetingSaved(Self.saved))
    }

    @Test func recordTranscript() async {
        let clock = TestClock()
        var env = SyncUpsApp.Env.test(clock: clock)
        env.speech.authorizationStatus = { .authorized }
        env.speech.startTask = { .heard([.completedTheProject]) }
        let host = Self.host(env: env)
        await host.send(.onTask)
        await host.receive(.speechResult(.completedTheProject)) {
            $0.transcript = "I completed the project"
        }
        host.exhaustivity = .off(showSkipped: true)
        await clock.advance(by: .seconds(6))
        for _ in 0..<6 { await host.receive(.timerTick) }
        await host.receive(RecordMeeting.Event.meetingSaved)
        host.exhaustivity = .on
        await host.finish()
        await host.assert {
            $0.value.meetings[0].transcript = "I completed the project"
        }
    }

    @Test func endMeetingSave() async {
        let clock = TestClock()
        var env = SyncUpsApp.Env.test(clock: clock)
        env.speech.authorizationStatus = { .denied }
        let host = Self.host(.mock, env: env)
        await host.send(.onTask)
        await host.send(.endMeetingButtonTapped) {
            $0.alert = .endMeeting(isDiscardable: true)
        }
        await clock.advance(by: .seconds(3))
        await host.receive(.timerTick)
        await host.receive(.timerTick)
        await host.receive(.timerTick)
        await host.send(.alert(.presented(.confirmSave))) {
            $0.alert = nil
            $0.value.meetings.insert(Self.saved, at: 0)
        }
        await host.receive(.meetingSaved(Self.saved))
    }

    @Test func endMeetingDiscard() async {
        var env = SyncUpsApp.Env.test(clock: TestClock())
        env.speech.authorizationStatus = { .denied }
        let host = Self.host(.mock, env: env)
        await host.send(.onTask)
        await host.send(.endMeetingButtonTapped) {
            $0.alert = .endMeeting(isDiscardable: true)
        }
        await host.send(.alert(.presented(.confirmDiscard))) {
            $0.alert = nil
        }
    }

    @Test func nextSpeaker() async {
        var env = SyncUpsApp.Env.test(clock: TestClock())
        env.speech.authorizationStatus = { .denied }
        let host = Self.host(env: env)
        await host.send(.onTask)
        await host.send(.nextButtonTapped) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 2
        }
        await host.send(.nextButtonTapped) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 4
        }
        await host.send(.nextButtonTapped) {
            $0.alert = .endMeeting(isDiscardable: false)
        }
        await host.send(.alert(.presented(.confirmSave))) {
            $0.alert = nil
            $0.value.meetings.insert(Self.saved, at: 0)
        }
        await host.receive(.meetingSaved(Self.saved))
    }

    @Test func continueAfterSpeechRecognitionFailure() async {
        let clock = TestClock()
        var env = SyncUpsApp.Env.test(clock: clock)
        env.speech.authorizationStatus = { .authorized }
        env.speech.startTask = { .heard([.completedTheProject], failure: SpeechFailureForTests()) }
        let host = Self.host(env: env)
        await host.send(.onTask)
        await host.receive(.speechResult(.completedTheProject)) {
            $0.transcript = "I completed the project"
        }
        await host.receive(.speechFailure) {
            $0.alert = .speechRecognizerFailed
            $0.transcript = "I completed the project ❌"
        }
        await host.send(.alert(.dismiss)) {
            $0.alert = nil
        }
        await clock.advance(by: .seconds(6))
        host.exhaustivity = .off(showSkipped: true)
        for _ in 0..<6 { await host.receive(.timerTick) }
    }

    @Test func discardAfterSpeechRecognitionFailure() async {
        var env = SyncUpsApp.Env.test(clock: TestClock())
        env.speech.authorizationStatus = { .authorized }
        env.speech.startTask = { .heard([], failure: SpeechFailureForTests()) }
        let host = Self.host(.mock, env: env)
        await host.send(.onTask)
        await host.receive(.speechFailure) {
            $0.alert = .speechRecognizerFailed
        }
        await host.send(.alert(.presented(.confirmDiscard))) {
            $0.alert = nil
        }
    }
}
