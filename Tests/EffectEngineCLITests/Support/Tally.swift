import EffectEngine
import EffectEngineCLI
import EffectEngineShared

/// A small feature for driving `LineHost` in tests: numbers to add, a label, a task that
/// loads after a hop, and a task that runs until cancelled. As a program, `tally`, it has
/// an option with a value and a flag.
enum Tally {
    struct State: Equatable, Sendable {
        var total = 0
        var label = ""
        var isLoading = false
    }

    enum Event: Sendable, Equatable {
        case add(Int)
        case label(String)
        case load
        case loaded(Int)
        case hang
        case background
        case stubborn
        case nothing
    }

    /// Reports what the tasks do, so tests await the thing itself.
    struct Env: Sendable {
        var hangStarted: @Sendable () -> Void = {}
        var hangEnded: @Sendable () -> Void = {}
        /// The body of the `stubborn` task: by default it returns at once.
        var stubborn: @Sendable () async -> Void = {}
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .add(let number):
            state.total += number
            return nil
        case .label(let text):
            state.label = text
            return nil
        case .load:
            state.isLoading = true
            return .run(name: "load") { input, _ in
                await Task.yield()
                input(.loaded(10))
            }
        case .loaded(let number):
            state.isLoading = false
            state.total += number
            return nil
        case .hang:
            return .task(name: "hang") { _, env in
                defer { env.hangEnded() }
                env.hangStarted()
                try await Task.sleep(for: .seconds(3600))
            }
        case .background:
            return .task { _, _ in try await Task.sleep(for: .seconds(3600)) }
        case .stubborn:
            return .run(name: "stubborn") { _, env in await env.stubborn() }
        case .nothing:
            return nil
        }
    }

    static func render(_ state: State) -> String {
        var text = "total: \(state.total)"
        if !state.label.isEmpty { text += " [\(state.label)]" }
        if state.isLoading { text += " (loading)" }
        return text
    }

    static let commands = LineCommands<State, Event>([
        LineCommand.value("add", placeholder: "n", summary: "add n to the total") { (number: Int) in
            .add(number)
        },
        LineCommand.text("label", placeholder: "text", summary: "set the label") { .label($0) },
        LineCommand("load", summary: "load 10 more", event: .load),
        LineCommand("hang", summary: "start a task that runs until cancelled", event: .hang),
        LineCommand("background", summary: "start an unnamed task that runs until cancelled", event: .background),
        LineCommand("stubborn", summary: "start a task that ignores its cancellation", event: .stubborn),
        LineCommand("nothing", summary: "change nothing", event: .nothing),
    ])

    @MainActor
    static func host(
        settings: LineSettings = LineSettings(), output: CapturedOutput, env: Env = Env()
    ) -> LineHost<State, Event, Env> {
        LineHost(
            initialState: State(), env: env, commands: commands, settings: settings, output: output.output,
            render: render, update: update)
    }
}

extension Tally: LineFeature {
    static let name = "tally"
    static let summary = "adds numbers"
    static let options: [LineOption] = [
        .value("step", placeholder: "duration", default: "300ms", summary: "time between steps"),
        .flag("fail", summary: "fail every load"),
    ]
    static let initialState = State()

    static func env(_ arguments: LineArguments) throws(LineError) -> Env {
        _ = try arguments.duration("step")
        return Env()
    }
}

/// A flag set from a task body and awaited by a test, with no polling.
final class Signal: Sendable {
    private let state = Locked<(isSet: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func set() {
        let waiters = state.withLock { state in
            state.isSet = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isSet: Bool { state.withLock { $0.isSet } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isSet = state.withLock { state in
                if !state.isSet { state.waiters.append(continuation) }
                return state.isSet
            }
            if isSet { continuation.resume() }
        }
    }
}
