import EffectEngineTesting
import Foundation
import Testing

@testable import voicememos

private let deadbeefID = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
private let deadbeefURL = URL(fileURLWithPath: "/tmp/DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF.m4a")

/// A recording that ends when the test says: TCA's `AsyncThrowingStream.makeStream(of: Bool.self)`.
private typealias DidFinish = (stream: AsyncThrowingStream<Bool, any Error>, continuation: AsyncThrowingStream<Bool, any Error>.Continuation)

/// TCA's `VoiceMemosTests`, ported: the same steps and assertions. TCA's view starts the
/// recording screen's work with `.task`; here the screen does as it appears (N5), so the
/// tests receive its `onTask` instead of sending it. Events carry errors and are not
/// `Equatable`: they are received by case, as TCA's are by case key path.
@Suite struct VoiceMemosTests {
    private func recordingEnv(_ didFinish: DidFinish, clock: TestClock) -> VoiceMemosEnv {
        var env = VoiceMemosEnv.test(clock: clock)
        env.recorder.currentTime = { 2.5 }
        env.recorder.requestRecordPermission = { true }
        env.recorder.startRecording = { _ in try await didFinish.stream.first { _ in true }! }
        env.recorder.stopRecording = {
            didFinish.continuation.yield(true)
            didFinish.continuation.finish()
        }
        env.now = .constant(Date(timeIntervalSinceReferenceDate: 0))
        env.temporaryDirectory = { URL(fileURLWithPath: "/tmp") }
        env.uuid = .constant(deadbeefID)
        return env
    }

    private static let functionsURL = URL(fileURLWithPath: "pointfreeco/functions.m4a")

    /// A host whose list holds one memo, as TCA's playing and deleting tests start.
    private func hostWithOneMemo(
        duration: TimeInterval, mode: VoiceMemo.State.Mode, env: VoiceMemosEnv = .test(clock: TestClock())
    ) -> TestHost<VoiceMemos.State, VoiceMemos.Event, VoiceMemosEnv> {
        let memo = VoiceMemo.State(date: Date(), duration: duration, mode: mode, title: "", url: Self.functionsURL)
        return TestHost(initialState: VoiceMemos.State(voiceMemos: [memo]), env: env, update: VoiceMemos.update)
    }

    private static let newMemo = RecordingMemo.State(
        date: Date(timeIntervalSinceReferenceDate: 0), mode: .recording, url: deadbeefURL)

    // TCA: await store.send(.recordButtonTapped); await store.receive(\.recordPermissionResponse) { … }
    private func startRecording(_ host: TestHost<VoiceMemos.State, VoiceMemos.Event, VoiceMemosEnv>) async {
        await host.send(.recordButtonTapped)
        await host.receive(VoiceMemos.Event.recordPermissionResponse) {
            $0.audioRecorderPermission = .allowed
            $0.recordingMemo = Self.newMemo
        }
        await host.receive(VoiceMemos.Event.recordingMemoCreated)
        await host.receive(.recordingMemo(.presented(.onTask)))
    }

    @Test func recordAndPlayback() async throws {
        let didFinish = AsyncThrowingStream.makeStream(of: Bool.self)
        // TCA's test plays on a real clock and sleeps; this one moves a test clock.
        let clock = TestClock()
        var env = recordingEnv(didFinish, clock: clock)
        env.player.play = { _ in
            try await clock.sleep(for: .milliseconds(2_501))
            return true
        }
        let host = TestHost(initialState: VoiceMemos.State(), env: env, update: VoiceMemos.update)
        await startRecording(host)
        await host.send(.recordingMemo(.presented(.stopButtonTapped))) {
            $0.recordingMemo?.mode = .encoding
        }
        await host.receive({ .recordingMemo(.presented(.finalRecordingTime($0))) }) {
            $0.recordingMemo?.duration = 2.5
        }
        let saved: IdentifiedArray<VoiceMemo.State> = [
            VoiceMemo.State(
                date: Date(timeIntervalSinceReferenceDate: 0), duration: 2.5, mode: .notPlaying, title: "",
                url: deadbeefURL)
        ]
        await host.receive({ .recordingMemo(.presented(.audioRecorderDidFinish(.success($0)))) }) {
            $0.recordingMemo = nil
            $0.voiceMemos = saved
        }
        await host.receive({ .recordingMemo(.presented(.delegate(.didFinish(.success($0))))) }) {
            $0.recordingMemo = nil
            $0.voiceMemos = saved
        }
        await host.send(.voiceMemos(deadbeefURL, .playButtonTapped)) {
            $0.voiceMemos[0].mode = .playing(progress: 0)
        }
        await host.receive(.voiceMemos(deadbeefURL, .delegate(.playbackStarted)))
        await clock.advance(by: .seconds(3))
        for progress in [0.2, 0.4, 0.6, 0.8, 1.0] {
            await host.receive({ .voiceMemos(deadbeefURL, .timerUpdated($0)) }) {
                $0.voiceMemos[0].mode = .playing(progress: progress)
            }
        }
        await host.receive({ .voiceMemos(deadbeefURL, .audioPlayerClient(.success($0))) }) {
            $0.voiceMemos[0].mode = .notPlaying
        }
        await host.finish()
    }

    @Test func recordHappyPath() async throws {
        let didFinish = AsyncThrowingStream.makeStream(of: Bool.self)
        let clock = TestClock()
        let host = TestHost(
            initialState: VoiceMemos.State(), env: recordingEnv(didFinish, clock: clock), update: VoiceMemos.update)
        await startRecording(host)
        await clock.advance(by: .seconds(1))
        await host.receive(.recordingMemo(.presented(.timerUpdated))) {
            $0.recordingMemo?.duration = 1
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.recordingMemo(.presented(.timerUpdated))) {
            $0.recordingMemo?.duration = 2
        }
        await clock.advance(by: .milliseconds(500))
        await host.send(.recordingMemo(.presented(.stopButtonTapped))) {
            $0.recordingMemo?.mode = .encoding
        }
        await host.receive({ .recordingMemo(.presented(.finalRecordingTime($0))) }) {
            $0.recordingMemo?.duration = 2.5
        }
        let saved: IdentifiedArray<VoiceMemo.State> = [
            VoiceMemo.State(
                date: Date(timeIntervalSinceReferenceDate: 0), duration: 2.5, mode: .notPlaying, title: "",
                url: URL(fileURLWithPath: "/tmp/DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF.m4a"))
        ]
        await host.receive({ .recordingMemo(.presented(.audioRecorderDidFinish(.success($0)))) }) {
            $0.recordingMemo = nil
            $0.voiceMemos = saved
        }
        await host.receive({ .recordingMemo(.presented(.delegate(.didFinish(.success($0))))) }) {
            $0.recordingMemo = nil
            $0.voiceMemos = saved
        }
        // TCA: await recordingMemoTask.cancel(); here the screen's tasks ended as it left.
        await host.finish()
    }

    @Test func permissionDenied() async {
        let didOpenSettings = LockedValue(false)
        var env = VoiceMemosEnv.test(clock: TestClock())
        env.recorder.requestRecordPermission = { false }
        env.openSettings = { didOpenSettings.setValue(true) }
        let host = TestHost(initialState: VoiceMemos.State(), env: env, update: VoiceMemos.update)
        await host.send(.recordButtonTapped)
        await host.receive(VoiceMemos.Event.recordPermissionResponse) {
            $0.alert = AlertState(title: "Permission is required to record voice memos.")
            $0.audioRecorderPermission = .denied
        }
        await host.send(.alert(.dismiss)) {
            $0.alert = nil
        }
        await host.send(.openSettingsButtonTapped).finish()
        #expect(didOpenSettings.value)
        await host.finish()
    }

    @Test func recordFailure() async {
        struct SomeError: Error, Equatable {}
        let didFinish = AsyncThrowingStream.makeStream(of: Bool.self)
        let host = TestHost(
            initialState: VoiceMemos.State(), env: recordingEnv(didFinish, clock: TestClock()),
            update: VoiceMemos.update)
        await startRecording(host)
        didFinish.continuation.finish(throwing: SomeError())
        await host.receive({ .recordingMemo(.presented(.audioRecorderDidFinish(.failure($0)))) }) {
            $0.alert = AlertState(title: "Voice memo recording failed.")
            $0.recordingMemo = nil
        }
        await host.receive({ .recordingMemo(.presented(.delegate(.didFinish(.failure($0))))) }) {
            $0.alert = AlertState(title: "Voice memo recording failed.")
            $0.recordingMemo = nil
        }
        await host.finish()
    }

    /// Demonstration of how to write a non-exhaustive test for recording a memo and it
    /// failing to record.
    @Test func recordFailureNonExhaustive() async {
        struct SomeError: Error, Equatable {}
        let didFinish = AsyncThrowingStream.makeStream(of: Bool.self)
        let host = TestHost(
            initialState: VoiceMemos.State(), env: recordingEnv(didFinish, clock: TestClock()),
            update: VoiceMemos.update)
        host.exhaustivity = .off(showSkipped: true)
        await host.send(.recordButtonTapped)
        await host.settle()   // TCA: await store.send(\.recordingMemo.onTask); here it starts as the screen appears
        didFinish.continuation.finish(throwing: SomeError())
        await host.receive({ .recordingMemo(.presented(.delegate(.didFinish(.failure($0))))) }) {
            $0.alert = AlertState(title: "Voice memo recording failed.")
            $0.recordingMemo = nil
        }
        host.exhaustivity = .on
        await host.finish()
    }

    @Test func playHappyPath() async {
        let url = Self.functionsURL
        let clock = TestClock()
        var env = VoiceMemosEnv.test(clock: clock)
        env.player.play = { _ in
            try await clock.sleep(for: .milliseconds(1_250))
            return true
        }
        let host = hostWithOneMemo(duration: 1.25, mode: .notPlaying, env: env)
        await host.send(.voiceMemos(url, .playButtonTapped)) {
            $0.voiceMemos[0].mode = .playing(progress: 0)
        }
        await host.receive(.voiceMemos(url, .delegate(.playbackStarted)))
        await clock.advance(by: .milliseconds(500))
        await host.receive({ .voiceMemos(url, .timerUpdated($0)) }) {
            $0.voiceMemos[0].mode = .playing(progress: 0.4)
        }
        await clock.advance(by: .milliseconds(500))
        await host.receive({ .voiceMemos(url, .timerUpdated($0)) }) {
            $0.voiceMemos[0].mode = .playing(progress: 0.8)
        }
        await clock.advance(by: .milliseconds(250))
        await host.receive({ .voiceMemos(url, .audioPlayerClient(.success($0))) }) {
            $0.voiceMemos[0].mode = .notPlaying
        }
        await host.finish()
    }

    @Test func playFailure() async {
        struct SomeError: Error, Equatable {}
        let url = Self.functionsURL
        var env = VoiceMemosEnv.test(clock: TestClock())
        env.player.play = { _ in throw SomeError() }
        let host = hostWithOneMemo(duration: 30, mode: .notPlaying, env: env)
        let task = await host.send(.voiceMemos(url, .playButtonTapped)) {
            $0.voiceMemos[0].mode = .playing(progress: 0)
        }
        await host.receive(.voiceMemos(url, .delegate(.playbackStarted)))
        await host.receive({ .voiceMemos(url, .audioPlayerClient(.failure($0))) }) {
            $0.voiceMemos[0].mode = .notPlaying
            $0.alert = AlertState(title: "Voice memo playback failed.")
        }
        await host.receive(.voiceMemos(url, .delegate(.playbackFailed))) {
            $0.alert = AlertState(title: "Voice memo playback failed.")
        }
        await task.cancel()
        await host.finish()
    }

    @Test func stop() async {
        let url = Self.functionsURL
        let host = hostWithOneMemo(duration: 30, mode: .playing(progress: 0.3))
        await host.send(.voiceMemos(url, .playButtonTapped)) {
            $0.voiceMemos[0].mode = .notPlaying
        }
        await host.finish()
    }

    @Test func deleteOnly() async {
        let host = hostWithOneMemo(duration: 30, mode: .playing(progress: 0.3))
        await host.send(.onDelete([0])) {
            $0.voiceMemos = []
        }
        await host.finish()
    }

    @Test func delete() async {
        let date = Date()
        func memo(_ number: Int) -> VoiceMemo.State {
            VoiceMemo.State(
                date: date, duration: 30, mode: .playing(progress: 0.3), title: "Episode \(number)",
                url: URL(fileURLWithPath: "pointfreeco/\(number).m4a"))
        }
        let host = TestHost(
            initialState: VoiceMemos.State(voiceMemos: [memo(1), memo(2), memo(3)]),
            env: VoiceMemosEnv.test(clock: TestClock()), update: VoiceMemos.update)
        await host.send(.onDelete([1])) {
            $0.voiceMemos = [memo(1), memo(3)]
        }
        await host.finish()
    }

    @Test func deleteWhilePlaying() async {
        let url = Self.functionsURL
        let clock = TestClock()
        var env = VoiceMemosEnv.test(clock: clock)
        env.player.play = { _ in
            try await clock.sleep(for: .seconds(86_400))   // TCA: try await Task.never()
            return true
        }
        let host = hostWithOneMemo(duration: 10, mode: .notPlaying, env: env)
        await host.send(.voiceMemos(url, .playButtonTapped)) {
            $0.voiceMemos[0].mode = .playing(progress: 0)
        }
        await host.receive(.voiceMemos(url, .delegate(.playbackStarted)))
        await host.send(.onDelete([0])) {
            $0.voiceMemos = []
        }
        await host.finish()
    }
}
