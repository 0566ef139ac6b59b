import EffectEngine
import Foundation
import Synchronization

/// Whether the app may listen to the meeting.
enum SpeechAuthorization: String, Hashable, Codable, Sendable, CaseIterable {
    case notDetermined, denied, restricted, authorized
}

/// What the recognizer heard so far.
struct SpeechRecognitionResult: Hashable, Codable, Sendable {
    var bestTranscription: Transcription
    var isFinal: Bool
}

/// A transcription, as a recognizer formats it.
struct Transcription: Hashable, Codable, Sendable {
    var formattedString: String
}

/// The speech recognizer, as the app uses it.
struct SpeechClient: Sendable, TestValue {
    /// Whether the app may listen, as last decided.
    var authorizationStatus: @Sendable () -> SpeechAuthorization
    /// Asks the user, once, whether the app may listen.
    var requestAuthorization: @Sendable () async -> SpeechAuthorization
    /// Starts listening: results as they come, then the end, or an error.
    var startTask: @Sendable () -> AsyncThrowingStream<SpeechRecognitionResult, any Error>

    /// Every endpoint fails the test that calls it, naming itself (N15): declared once,
    /// here, beside the client; a test sets the endpoints its feature may call.
    ///
    /// ```swift
    /// var speech = SpeechClient.testValue
    /// speech.authorizationStatus = { .denied }
    /// ```
    static let testValue = SpeechClient(
        authorizationStatus: unimplemented("SpeechClient.authorizationStatus", placeholder: .notDetermined),
        requestAuthorization: unimplemented("SpeechClient.requestAuthorization", placeholder: .notDetermined),
        startTask: unimplemented("SpeechClient.startTask", placeholder: AsyncThrowingStream { $0.finish() }))

    /// A recognizer that "hears" `words`, one a second on `clock` from half a second in
    /// (never at the same instant as a meeting's timer, so a script on virtual time
    /// prints the same every time), as authorized as `authorization` says: what the line
    /// program and the tests use, as no recognizer runs on a server.
    ///
    /// ```swift
    /// let speech = SpeechClient.scripted(["hello", "world"], clock: ContinuousClock())
    /// ```
    static func scripted(
        _ words: [String], authorization: SpeechAuthorization = .authorized, failsAtEnd: Bool = false,
        clock: any Clock<Duration>
    ) -> SpeechClient {
        let decided = Mutex(authorization)
        return SpeechClient(
            authorizationStatus: { decided.withLock { $0 } },
            requestAuthorization: {
                decided.withLock { status in
                    if status == .notDetermined { status = .authorized }
                    return status
                }
            },
            startTask: {
                // Produced in the listening task itself, not in a task of its own, so the
                // host's virtual time sees every sleep.
                let heard = Mutex(0)
                return AsyncThrowingStream {
                    let index = heard.withLock { $0 }
                    guard index < words.count else {
                        if failsAtEnd { throw SpeechRecognitionFailure() }
                        return nil
                    }
                    try await clock.sleep(for: index == 0 ? .milliseconds(500) : .seconds(1))
                    heard.withLock { $0 += 1 }
                    let transcription = Transcription(formattedString: words[...index].joined(separator: " "))
                    return SpeechRecognitionResult(bestTranscription: transcription, isFinal: index == words.count - 1)
                }
            })
    }
}

/// The recognizer stopped with an error.
struct SpeechRecognitionFailure: Error {}

extension SyncUpsApp {
    /// The app's dependencies, given once to its host (R8).
    struct Env: Sendable {
        /// The clock meetings are timed on.
        var clock: any Clock<Duration>
        /// The date a meeting is saved with.
        var now: DateGenerator
        /// Draws the id of a new sync-up, attendee or meeting.
        var uuid: UUIDGenerator
        /// The speech recognizer.
        var speech: SpeechClient
        /// Opens the system's settings, where speech recognition is allowed.
        var openSettings: @Sendable () async -> Void

        /// For tests: a clock the test gives, a fixed date, ids counting up from
        /// `UUID(0)`, a recognizer that hears nothing, and settings that open nowhere.
        ///
        /// ```swift
        /// let env = SyncUpsApp.Env.mock(clock: TestClock())
        /// ```
        static func mock(
            clock: any Clock<Duration>, speech: SpeechClient? = nil, openSettings: @escaping @Sendable () async -> Void = {}
        ) -> Env {
            Env(
                clock: clock, now: .constant(Date(timeIntervalSince1970: 1_234_567_890)), uuid: .incrementing,
                speech: speech ?? .scripted([], clock: clock), openSettings: openSettings)
        }
    }
}

extension UUID {
    /// The number of an id made by `UUID(_:)`, `nil` for any other id.
    ///
    /// ```swift
    /// #expect(UUID(7).counted == 7)
    /// ```
    var counted: Int? {
        let text = uuidString
        guard text.hasPrefix("00000000-0000-0000-0000-") else { return nil }
        return Int(text.suffix(12), radix: 16)
    }
}

extension SyncUp {
    /// The counted ids (`UUID.counted`) of the sync-up, its attendees and its
    /// meetings.
    var countedIDs: [Int] {
        ([id] + attendees.map(\.id) + meetings.map(\.id)).compactMap(\.counted)
    }
}
