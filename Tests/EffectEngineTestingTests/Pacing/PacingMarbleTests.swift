import EffectEngine
import EffectEngineTesting
import Testing

/// One marble case: a timeline of issues, one character per 100ms of the host's clock
/// (a letter issues the task with that label, `x` cancels it, `-` is nothing), and the
/// timeline of the runs it must cause (the letter of the issue whose body starts then).
struct Marble: Sendable, CustomTestStringConvertible {
    let pacing: TaskPacing
    let issues: String
    let runs: String
    let note: String

    init(_ pacing: TaskPacing, _ issues: String, runs: String, _ note: String) {
        self.pacing = pacing
        self.issues = issues
        self.runs = runs
        self.note = note
    }

    var testDescription: String { "\(pacing) \(issues) → \(runs): \(note)" }

    static let unit = Duration.milliseconds(100)

    static func debounce(_ units: Int) -> TaskPacing { .debounce(unit * units) }
    static func throttle(_ units: Int, latest: Bool = false) -> TaskPacing {
        .throttle(unit * units, latest: latest)
    }
}

extension Marble {
    static let debounces: [Marble] = [
        Marble(debounce(3), "a", runs: "---a", "a lone issue runs after the debounce"),
        Marble(debounce(3), "ab", runs: "----b", "a reissue waits its own full duration"),
        Marble(debounce(3), "a-b-c", runs: "-------c", "a burst runs its last issue once"),
        Marble(debounce(3), "a---b", runs: "---a---b", "issues further apart than the debounce both run"),
        Marble(
            debounce(3), "a--b", runs: "---a--b", "at the same instant the deadline comes before the issue"),
        Marble(
            debounce(3), "abcdefgh", runs: "----------h", "an issue every unit postpones the run to the end"),
        Marble(debounce(3), "ax", runs: "", "a cancelled debounce never runs"),
        Marble(debounce(3), "ax-b", runs: "------b", "an issue after a cancel waits its full duration"),
        Marble(debounce(0), "ab-c", runs: "ab-c", "a zero debounce runs every issue at once"),
    ]

    static let throttles: [Marble] = [
        Marble(throttle(3), "a", runs: "a", "a lone issue runs at once, on the leading edge"),
        Marble(throttle(3), "abc", runs: "a", "issues within the window are dropped"),
        Marble(throttle(3), "a--b", runs: "a--b", "an issue at the window's very end opens the next window"),
        Marble(throttle(3), "ab-c--d", runs: "a--c--d", "each window runs its first issue"),
        Marble(throttle(3), "a-b-c-d-e", runs: "a---c---e", "a dropped issue opens no window"),
        Marble(throttle(3), "abx-c", runs: "a---c", "a cancel closes the window"),
        Marble(throttle(0), "abc", runs: "abc", "a zero window runs every issue"),
    ]

    static let latestThrottles: [Marble] = [
        Marble(throttle(3, latest: true), "a", runs: "a", "a lone issue runs at once, with no trailing run"),
        Marble(
            throttle(3, latest: true), "ab", runs: "a--b",
            "the trailing run fires at the window's end on a timer"),
        Marble(throttle(3, latest: true), "abc", runs: "a--c", "the trailing run is the last issue's"),
        Marble(throttle(3, latest: true), "ab--c", runs: "a--b--c", "the trailing run opens the next window"),
        Marble(
            throttle(3, latest: true), "ab-----c", runs: "a--b---c",
            "after a quiet window an issue leads again"),
        Marble(throttle(3, latest: true), "a--b", runs: "a--b", "an issue at the window's end leads"),
        Marble(
            throttle(3, latest: true), "a-b-c-d", runs: "a--b--c--d",
            "a deadline at an issue's instant fires first"),
        Marble(
            throttle(3, latest: true), "abcdefg", runs: "a--c--f--g", "a steady stream runs once per window"),
        Marble(
            throttle(3, latest: true), "abx--c", runs: "a----c",
            "a cancel drops the trailing run and the window"),
        Marble(throttle(0, latest: true), "ab-c", runs: "ab-c", "a zero window runs every issue"),
    ]
}

@Suite("Debounce and throttle as marbles, on the host's TestClock")

struct PacingMarbleTests {
    /// Issues as the marble says, then lets every timer fire; returns the runs as a marble.
    static func runs(of marble: Marble) async -> String {
        let host = Paced.host(marble.pacing)
        for (index, character) in marble.issues.enumerated() where character != "-" {
            await host.clock.advance(to: .zero.advanced(by: Marble.unit * index))
            host.input(character == "x" ? .cancel : .issue(String(character)))
            await host.settle()
        }
        await host.clock.run()
        var timeline: [Character] = []
        for step in host.state.log where step.kind == .ran {
            let units = Int((step.at / Marble.unit).rounded())
            guard Marble.unit * units == step.at else { return "a run at \(step.at), off the grid" }
            while timeline.count <= units { timeline.append("-") }
            guard timeline[units] == "-" else { return "two runs at \(step.at)" }
            timeline[units] = Character(step.label)
        }
        return String(timeline)
    }

    @Test(arguments: Marble.debounces)
    func debounce(_ marble: Marble) async {
        let runs = await Self.runs(of: marble)
        #expect(runs == marble.runs)
    }

    @Test(arguments: Marble.throttles)
    func throttle(_ marble: Marble) async {
        let runs = await Self.runs(of: marble)
        #expect(runs == marble.runs)
    }

    @Test(arguments: Marble.latestThrottles)
    func throttleLatest(_ marble: Marble) async {
        let runs = await Self.runs(of: marble)
        #expect(runs == marble.runs)
    }
}
