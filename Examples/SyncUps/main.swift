import EffectEngineCLI
import Foundation

/// The app as a program: the screen on top decides what is shown and which commands
/// apply; `--state` keeps the sync-ups (not the screens shown over them) between runs,
/// written only when they change; `--explore` walks its model.
extension SyncUpsApp: ExplorableLineFeature {
    static let name = "syncups"
    static let summary = "TCA's SyncUps: sync-ups, their meetings, recorded with a timer and a transcript"
    static let options: [LineOption] = [
        .value(
            "speech", placeholder: "authorized|denied|restricted|undecided|failing", default: "authorized",
            summary: "what the scripted speech recognizer does")
    ]
    static let initialState = State()
    static let keptState = \State.syncUps
    static let commands = Commands { screen($0).commands }

    static func render(_ state: State) -> String { screen(state).text }

    static func env(_ arguments: LineArguments) throws(LineError) -> Env {
        let clock = arguments.clock
        let words = "we shipped the release and nothing broke".split(separator: " ").map(String.init)
        let speech: SpeechClient
        switch arguments.value("speech") ?? "authorized" {
        case "authorized": speech = .scripted(words, clock: clock)
        case "denied": speech = .scripted(words, authorization: .denied, clock: clock)
        case "restricted": speech = .scripted(words, authorization: .restricted, clock: clock)
        case "undecided": speech = .scripted(words, authorization: .notDetermined, clock: clock)
        case "failing": speech = .scripted(Array(words.prefix(3)), failsAtEnd: true, clock: clock)
        case let other:
            throw LineError("--speech needs authorized, denied, restricted, undecided or failing, got \(LineError.quote(other))")
        }
        // On virtual time, ids count up from 0 and the date stands still: a script prints
        // the same every time.
        var env = Env(
            clock: clock, now: .live, uuid: .live, speech: speech,
            openSettings: { FileHandle.standardError.write(Data("(the system settings would open here)\n".utf8)) })
        if arguments.isVirtualTime {
            let start = Date(timeIntervalSince1970: 1_234_567_890)
            env.now = .constant(start)
            env.uuid = .incrementing
        }
        return env
    }

    /// On virtual time, ids count on after the largest one the kept sync-ups hold, so that
    /// an id kept is never handed out again (`open 2` opens the second sync-up).
    static func env(_ env: Env, startingFrom state: State, arguments: LineArguments) -> Env {
        guard arguments.isVirtualTime, let largest = state.syncUps.flatMap(\.countedIDs).max() else {
            return env
        }
        var env = env
        env.uuid = .incrementing(from: largest + 1)
        return env
    }
}

await SyncUpsApp.main()
