import EffectEngine
import Foundation
import Testing

@testable import EffectEngineCLI

/// A line program of many screens: a counter at the root, pages pushed over it, and an
/// alert a page shows before it closes.
enum Pages: LineFeature {
    struct State: Equatable, Sendable, Codable {
        var opened = 0
        var path = StackState<Page.State>()
        var appeared = false
    }

    enum Event: Equatable, Sendable {
        case open, appeared
        case path(StackEvent<Page.State, Page.Event>)
    }

    enum Page {
        struct State: Equatable, Sendable, Codable {
            var taps = 0
            var alert: AlertState<Alert>?
        }

        enum Alert: Equatable, Sendable, Codable { case close }

        enum Event: Equatable, Sendable {
            case tap, closeTapped
            case alert(PresentationEvent<Alert>)
        }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            Compose.alert(\.alert, in: &state, event: event, child: { if case .alert(let e) = $0 { e } else { nil } }) {
                state, event in
                switch event {
                case .tap: state.taps += 1
                case .closeTapped:
                    state.alert = AlertState(
                        title: "Close?", buttons: [ButtonState("Close", action: .close), ButtonState("Stay", role: .cancel)])
                case .alert(.presented(.close)): return .dismiss
                case .alert: break
                }
                return nil
            }
        }
    }

    static let name = "pages"
    static let summary = "pages over a counter"
    static let initialState = State()
    static let onAppear: Event? = .appeared
    static let keptState = \State.opened

    static let commands = LineCommands<State, Event> { state in
        guard let id = state.path.ids.last, let page = state.path.last else {
            return LineCommands([LineCommand("open", summary: "open a page", event: .open)])
        }
        let embed: @Sendable (Page.Event) -> Event = { .path(.element(id: id, event: $0)) }
        if let alert = page.alert { return .alert(alert) { embed(.alert($0)) } }
        return LineCommands<Page.State, Page.Event>([
            LineCommand("tap", summary: "tap the page", event: .tap),
            LineCommand("close", summary: "close the page", event: .closeTapped),
        ])
        .scoped(state: { $0.path[id: id] }, event: embed)
        .appending(LineCommands([LineCommand("back", summary: "go back", event: .path(.popFrom(id: id)))]))
    }

    static func render(_ state: State) -> String {
        guard let page = state.path.last else { return "root, \(state.opened) opened\(state.appeared ? "" : ", not appeared")" }
        if let alert = page.alert { return alert.lineText }
        return "page \(state.path.ids.last!): \(page.taps) taps"
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.stack(
            \.path, in: &state, event: event, scope: "path",
            child: { if case .path(let event) = $0 { event } else { nil } },
            embed: Event.path, env: { $0 }, update: Page.update
        ) { state, event in
            switch event {
            case .open:
                state.opened += 1
                state.path.append(Page.State())
            case .appeared:
                state.appeared = true
            case .path:
                break
            }
            return nil
        }
    }
}

@MainActor @Suite("Line programs of many screens: the screen on top decides (N7)")
struct LineScreensTests {
    /// N11: the screen on top is one accessor, and a screen's commands are lifted onto it
    /// with no projection of the stack and no wrapping of events written by hand.
    @Test func theScreenOnTopIsOneAccessorAndItsCommandsNeedNoProjection() throws {
        var state = Pages.State()
        #expect(state.path.top == nil)
        state.path.append(Pages.Page.State())
        state.path.append(Pages.Page.State(taps: 2))
        #expect(state.path.top?.id == 1 && state.path.top?.element.taps == 2)
        let commands = LineCommands<Pages.Page.State, Pages.Page.Event>([LineCommand("tap", event: .tap)])
            .onTop(of: \Pages.State.path, screen: { $0 }, event: { $0 }, stack: Pages.Event.path)
        #expect(try commands.parse("tap", state: state) == .path(.element(id: 1, event: .tap)))
        #expect(throws: LineError("unknown command 'tap'")) { try commands.parse("tap", state: Pages.State()) }
    }

    func run(_ lines: [String], arguments: [String] = ["--settle"]) async -> (Int32, CapturedOutput) {
        let captured = CapturedOutput()
        let status = await LineProgram<Pages>().run(
            arguments: arguments, output: captured.output, isInteractive: false
        ) { host in
            await host.run(lines: lines)
        }
        return (status, captured)
    }

    @Test("the commands are the screen on top's: a page's at a page, the root's at the root")
    func commandsFollowTheTop() async {
        let (status, captured) = await run(["tap", "open", "tap", "open", "back", "tap"])
        #expect(status == LineExitStatus.rejectedLine)
        #expect(
            captured.standardOutputLines == [
                "root, 0 opened, not appeared", "root, 0 opened", "page 0: 0 taps", "page 0: 1 taps",
                "root, 1 opened",
            ])
        #expect(
            captured.standardErrorLines == [
                "error: unknown command 'tap' — type :help", "error: unknown command 'open' — type :help",
                "error: unknown command 'tap' — type :help",
            ])
    }

    @Test("an alert is printed with numbered buttons and answered by number; :help lists its buttons")
    func alerts() async {
        let (status, captured) = await run(["open", "close", ":help", "2", "close", "1"])
        #expect(status == LineExitStatus.success)
        let lines = captured.standardOutputLines
        #expect(lines.contains("alert: Close?"))
        #expect(lines.contains("  1) Close"))
        #expect(lines.contains("  2) Stay (cancel)"))
        #expect(lines.contains("commands of the screen on top:"))
        #expect(lines.last == "root, 1 opened")
    }

    @Test("the program sends its appear event before the first line")
    func appears() async {
        let (_, captured) = await run([])
        #expect(captured.standardOutputLines == ["root, 0 opened, not appeared", "root, 0 opened"])
    }

    @Test("--state keeps the part the feature names, not the screens over it")
    func keepsAPart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pages.json").path
        let (first, _) = await run(["open", "tap"], arguments: ["--settle", "--state", file])
        #expect(first == LineExitStatus.success)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("\"state\":1") && !saved.contains("taps"))
        let (second, captured) = await run(["open"], arguments: ["--settle", "--state", file])
        #expect(second == LineExitStatus.success)
        #expect(captured.standardOutputLines.first == "root, 1 opened, not appeared")
        #expect(captured.standardOutputLines.last == "page 0: 0 taps")
    }
}
