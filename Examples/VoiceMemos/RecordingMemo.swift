import EffectEngine
import Foundation

/// The screen recording a memo: a timer while recording, then its final length once the
/// recorder stops.
enum RecordingMemo {
    struct State: Equatable, Sendable {
        var date: Date
        var duration: TimeInterval = 0
        var mode: Mode = .recording
        var url: URL

        enum Mode: Equatable, Sendable { case recording, encoding }
    }

    enum Event: Sendable {
        case audioRecorderDidFinish(Result<Bool, any Error>)
        case delegate(Delegate)
        case finalRecordingTime(TimeInterval)
        case onTask
        case timerUpdated
        case stopButtonTapped

        enum Delegate: Sendable { case didFinish(Result<State, any Error>) }
    }

    struct Failed: Equatable, Error {}

    static func update(state: inout State, event: Event) -> Effect<Event, VoiceMemosEnv>? {
        switch event {
        case .audioRecorderDidFinish(.success(true)):
            return .send(.delegate(.didFinish(.success(state))))
        case .audioRecorderDidFinish(.success(false)):
            return .send(.delegate(.didFinish(.failure(Failed()))))
        case .audioRecorderDidFinish(.failure(let error)):
            return .send(.delegate(.didFinish(.failure(error))))
        case .delegate:
            return nil
        case .finalRecordingTime(let duration):
            state.duration = duration
            return nil
        case .stopButtonTapped:
            state.mode = .encoding
            return .task { input, env in
                if let currentTime = await env.recorder.currentTime() { input(.finalRecordingTime(currentTime)) }
                await env.recorder.stopRecording()
            }
        case .onTask:
            return .task(name: "recording") { [url = state.url] input, env in
                async let recording: Void = input(
                    .audioRecorderDidFinish(await outcome { try await env.recorder.startRecording(url) }))
                for await _ in env.clock.timer(interval: .seconds(1)) { input(.timerUpdated) }
                await recording
            }
        case .timerUpdated:
            state.duration += 1
            return nil
        }
    }
}
