import EffectEngine
import EffectEngineCLI
import Testing

/// `--main-actor-tasks`: the line host's bodies run on the main actor, and a script prints
/// what it prints with bodies off it; virtual time keeps them on its executor.
@MainActor
@Suite("The line host with bodies on the main actor")
struct LineHostMainActorTests {
    /// A feature whose task reports where its body ran.
    enum Probe {
        enum Event: String, Sendable, CaseIterable { case go, onMain, offMain }
        static func update(state: inout [String], event: Event) -> Effect<Event, Void>? {
            switch event {
            case .go:
                return .task(name: "probe") { input, _ in
                    // `#isolation` goes through a typed local: compared with `===` directly, it
                    // crashes Swift 6.3.1's release build (a broken phi; see TestHost.runUntilQuiet).
                    let isolation: (any Actor)? = #isolation
                    input(isolation === MainActor.shared ? .onMain : .offMain)
                }
            case .onMain, .offMain:
                state.append("\(event)")
                return nil
            }
        }
    }

    static func run(_ settings: LineSettings) async -> [String] {
        let captured = CapturedOutput()
        let host = LineHost(
            initialState: [String](), env: (), commands: .cases(), settings: settings, output: captured.output,
            render: { "ran: \($0.joined(separator: " "))" }, update: Probe.update)
        _ = await host.run(lines: ["go", ":wait"])
        return captured.standardOutputLines
    }

    @Test func theFlagPutsBodiesOnTheMainActor() async {
        var settings = LineSettings(settle: true)
        #expect(await Self.run(settings) == ["ran: ", "ran: offMain"])
        settings.mainActorTasks = true
        #expect(await Self.run(settings) == ["ran: ", "ran: onMain"])
    }

    @Test func virtualTimeKeepsBodiesOnItsExecutor() async {
        var settings = LineSettings(settle: true, virtualTime: true)
        settings.mainActorTasks = true
        #expect(await Self.run(settings) == ["ran: ", "ran: offMain"])
    }
}
