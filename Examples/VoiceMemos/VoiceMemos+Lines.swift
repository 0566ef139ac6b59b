import EffectEngine
import EffectEngineCLI
import Foundation
import Synchronization

/// The memos as a line program: the list, the recording screen over it, or an alert,
/// whichever is on top, decides what is shown and which commands apply. Recorder and
/// player are scripted on the program's clock: a recording lasts the seconds it ran, a
/// memo plays for its length.
extension VoiceMemos: LineFeature {
    static let name = "voicememos"
    static let summary = "record voice memos and play them back, with scripted audio"
    static let options: [LineOption] = [
        .flag("deny", summary: "the recorder's permission is refused")
    ]
    static let initialState = State()

    static func env(_ arguments: LineArguments) throws(LineError) -> VoiceMemosEnv {
        let audio = ScriptedAudio(clock: arguments.clock, permission: !arguments.flag("deny"))
        return VoiceMemosEnv(
            recorder: audio.recorder, player: audio.player, clock: arguments.clock, now: .live, uuid: .live,
            temporaryDirectory: { URL(fileURLWithPath: "/tmp") }, openSettings: {})
    }

    static let commands = LineCommands<State, Event> { state in
        if let alert = state.alert { return .alert(alert) { .alert($0) } }
        if state.recordingMemo != nil {
            return LineCommands([
                LineCommand("stop", summary: "stop recording", event: .recordingMemo(.presented(.stopButtonTapped)))
            ])
        }
        return LineCommands([
            LineCommand("record", summary: "record a new memo", event: .recordButtonTapped),
            LineCommand.row("play", of: "memo", in: \.voiceMemos, summary: "play memo n, or stop it") {
                .voiceMemos($0.id, .playButtonTapped)
            },
            LineCommand.row("delete", of: "memo", in: \.voiceMemos, summary: "delete memo n") { memo, state in
                .onDelete(IndexSet(integer: state.voiceMemos.index(id: memo.id) ?? 0))
            },
            LineCommand("title", usage: "title <n> <text>", summary: "name memo n") { argument, state throws(LineError) in
                let number = argument.prefix { !$0.isWhitespace }
                let text = argument.dropFirst(number.count).drop { $0.isWhitespace }
                guard let row = Int(number), !text.isEmpty else {
                    throw LineError(usage: "'title' needs <n> <text>, got \(LineError.quote(argument))")
                }
                let memo = try LineCommand<State, Event>.row(row, of: "memo", in: state.voiceMemos)
                return .voiceMemos(memo.id, .binding(.set(\.title, String(text))))
            },
            LineCommand("settings", summary: "open the settings", event: .openSettingsButtonTapped),
        ])
    }

    static func render(_ state: State) -> String {
        if let alert = state.alert { return alert.lineText }
        if let memo = state.recordingMemo {
            return memo.mode == .recording ? "recording: \(clock(memo.duration)) — type stop" : "saving the recording…"
        }
        guard !state.voiceMemos.isEmpty else { return "voice memos: none — type record" }
        let rows = state.voiceMemos.enumerated().map { number, memo in
            let title = memo.title.isEmpty ? "(untitled)" : memo.title
            let playing = if case .playing(let progress) = memo.mode { " ▶ \(Int((progress * 100).rounded()))%" } else { "" }
            return "  \(number + 1). \(title) — \(clock(memo.duration))\(playing)"
        }
        return (["voice memos: \(state.voiceMemos.count)"] + rows).joined(separator: "\n")
    }

    static func clock(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds)
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }
}

/// A recorder and a player with no audio: a recording lasts from its start to its stop
/// on the clock, and a memo plays for as long as it was recorded (TCA's preview values).
final class ScriptedAudio: Sendable {
    private struct Files {
        var url: URL?
        var elapsed: (@Sendable () -> Duration)?
        var stop: AsyncStream<Never>.Continuation?
        var lengths: [URL: Duration] = [:]
    }

    private let files = Mutex(Files())
    let clock: any Clock<Duration>
    let permission: Bool

    init(clock: any Clock<Duration>, permission: Bool) {
        self.clock = clock
        self.permission = permission
    }

    /// The time since now, on `clock`.
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    var recorder: AudioRecorderClient {
        AudioRecorderClient(
            currentTime: { self.files.withLock { $0.elapsed.map { Self.seconds($0()) } } },
            requestRecordPermission: { self.permission },
            startRecording: { url in
                let (stopped, stop) = AsyncStream<Never>.makeStream()
                let elapsed = Self.stopwatch(self.clock)
                self.files.withLock {
                    $0.url = url
                    $0.elapsed = elapsed
                    $0.stop = stop
                }
                for await _ in stopped {}
                return true
            },
            stopRecording: {
                let stop = self.files.withLock { files -> AsyncStream<Never>.Continuation? in
                    if let url = files.url, let elapsed = files.elapsed { files.lengths[url] = elapsed() }
                    defer { files.stop = nil }
                    return files.stop
                }
                stop?.finish()
            })
    }

    var player: AudioPlayerClient {
        AudioPlayerClient(play: { url in
            let length = self.files.withLock { $0.lengths[url] } ?? .seconds(1)
            try await self.clock.sleep(for: length)
            return true
        })
    }
}
