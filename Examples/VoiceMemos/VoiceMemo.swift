import EffectEngine
import Foundation

/// A row of the list: a recorded memo, played with its progress shown, its title edited
/// by a binding.
enum VoiceMemo {
    struct State: Equatable, Identifiable, Sendable {
        var date: Date
        var duration: TimeInterval
        var mode = Mode.notPlaying
        var title = ""
        var url: URL

        var id: URL { url }

        enum Mode: Equatable, Sendable {
            case notPlaying
            case playing(progress: Double)
        }
    }

    enum Event: Sendable {
        case audioPlayerClient(Result<Bool, any Error>)
        case binding(BindingEvent<State>)
        case delegate(Delegate)
        case playButtonTapped
        case timerUpdated(TimeInterval)

        enum Delegate: Sendable { case playbackStarted, playbackFailed }
    }

    static func update(state: inout State, event: Event) -> Effect<Event, VoiceMemosEnv>? {
        switch event {
        case .audioPlayerClient(.failure):
            state.mode = .notPlaying
            return .sequence([.cancel("play"), .send(.delegate(.playbackFailed))])
        case .audioPlayerClient:
            state.mode = .notPlaying
            return .cancel("play")
        case .binding(let binding):
            binding.apply(to: &state)
            return nil
        case .delegate:
            return nil
        case .playButtonTapped:
            guard case .notPlaying = state.mode else {
                state.mode = .notPlaying
                return .cancel("play")
            }
            state.mode = .playing(progress: 0)
            return .task(name: "play") { [url = state.url] input, env in
                input(.delegate(.playbackStarted))
                async let playing: Void = input(.audioPlayerClient(await outcome { try await env.player.play(url) }))
                for await elapsed in env.clock.timer(interval: .milliseconds(500)) {
                    input(.timerUpdated(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
                }
                await playing
            }
        case .timerUpdated(let time):
            if case .playing = state.mode { state.mode = .playing(progress: time / state.duration) }
            return nil
        }
    }
}
