import EffectEngineTesting
import Foundation

@testable import syncups

extension SyncUpsApp.Env {
    /// What TCA's tests get from their dependencies' test values: every closure fails the
    /// test, naming itself, when it is called; a test gives what its feature may use.
    ///
    /// ```swift
    /// var env = SyncUpsApp.Env.test
    /// env.speech.authorizationStatus = { .denied }
    /// ```
    static var test: SyncUpsApp.Env {
        SyncUpsApp.Env(
            clock: TestClock(),
            now: DateGenerator(unimplemented("Env.now", placeholder: Date(timeIntervalSince1970: 0))),
            uuid: UUIDGenerator(unimplemented("Env.uuid", placeholder: UUID(0))),
            speech: .testValue,
            openSettings: unimplemented("Env.openSettings"))
    }

    /// ``test`` with a clock, a fixed date and ids counting up from 0: TCA's
    /// `withDependencies { $0.continuousClock = clock; $0.date.now = …; $0.uuid = .incrementing }`.
    static func test(clock: any Clock<Duration>) -> SyncUpsApp.Env {
        var env = test
        env.clock = clock
        env.now = .constant(Date(timeIntervalSince1970: 1_234_567_890))
        env.uuid = .incrementing
        return env
    }
}

extension SpeechRecognitionResult {
    static let completedTheProject = SpeechRecognitionResult(
        bestTranscription: Transcription(formattedString: "I completed the project"), isFinal: true)
}

extension AsyncThrowingStream where Element == SpeechRecognitionResult, Failure == any Error {
    /// A recognition that hears `results`, then ends, with `failure` if given.
    static func heard(_ results: [SpeechRecognitionResult], failure: (any Error)? = nil) -> Self {
        AsyncThrowingStream { continuation in
            for result in results { continuation.yield(result) }
            continuation.finish(throwing: failure)
        }
    }
}

/// The recognizer's failure in TCA's tests.
struct SpeechFailureForTests: Error {}
