import EffectEngine
import Foundation

/// Records audio to a file (TCA's `AudioRecorderClient`). Each endpoint's test value is
/// an `unimplemented` stand-in, kept here, beside the client.
struct AudioRecorderClient: Sendable, TestValue {
    var currentTime: @Sendable () async -> TimeInterval?
    var requestRecordPermission: @Sendable () async -> Bool
    var startRecording: @Sendable (_ url: URL) async throws -> Bool
    var stopRecording: @Sendable () async -> Void

    static let testValue = AudioRecorderClient(
        currentTime: unimplemented("AudioRecorderClient.currentTime", placeholder: nil),
        requestRecordPermission: unimplemented("AudioRecorderClient.requestRecordPermission", placeholder: false),
        startRecording: unimplemented("AudioRecorderClient.startRecording"),
        stopRecording: unimplemented("AudioRecorderClient.stopRecording"))
}

/// Plays an audio file to its end (TCA's `AudioPlayerClient`).
struct AudioPlayerClient: Sendable, TestValue {
    var play: @Sendable (_ url: URL) async throws -> Bool

    static let testValue = AudioPlayerClient(play: unimplemented("AudioPlayerClient.play"))
}

/// What the memos need from the world: TCA's `@Dependency` values, as one env.
struct VoiceMemosEnv: Sendable {
    var recorder: AudioRecorderClient
    var player: AudioPlayerClient
    var clock: any Clock<Duration>
    var now: DateGenerator
    var uuid: UUIDGenerator
    var temporaryDirectory: @Sendable () -> URL
    var openSettings: @Sendable () async -> Void

    /// Every endpoint unimplemented, on `clock`.
    static func test(clock: any Clock<Duration>) -> VoiceMemosEnv {
        VoiceMemosEnv(
            recorder: .testValue, player: .testValue, clock: clock,
            now: DateGenerator(
                unimplemented("VoiceMemosEnv.now", placeholder: Date(timeIntervalSinceReferenceDate: 0))),
            uuid: UUIDGenerator(unimplemented("VoiceMemosEnv.uuid", placeholder: UUID(0))),
            temporaryDirectory: unimplemented("VoiceMemosEnv.temporaryDirectory", placeholder: URL(fileURLWithPath: "/")),
            openSettings: unimplemented("VoiceMemosEnv.openSettings"))
    }
}

/// A task's outcome, its error kept (TCA's `Result { try await … }`).
func outcome<Value>(_ work: () async throws -> Value) async -> Result<Value, any Error> {
    do { return .success(try await work()) } catch { return .failure(error) }
}
