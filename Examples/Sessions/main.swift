import EffectEngine
import EffectEngineCLI

// sessions: a server's sessions, one host each on an actor of its own, all running at
// once. Each line is `<session> <command>`; `swift run sessions --help` says the rest.
extension Session: LineFeature {
    static let name = "sessions"
    static let summary = "one host per session, each on an actor of its own"
    static let initialState = State()

    static func env(_ arguments: LineArguments) -> Env { arguments.clock }
}

await Session.sessionsMain()
