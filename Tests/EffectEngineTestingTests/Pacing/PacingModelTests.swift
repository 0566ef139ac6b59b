import EffectEngine
import EffectEngineTesting
import TestSupport
import Testing

/// Random schedules of issues, cancels and clock advances, each run by a real host on its
/// `TestClock` and by ``PacingModel``: every start and end of a body, and its time, must
/// agree.
///
/// `EFFECTENGINE_PACING_SCHEDULES` sets how many schedules run (default 10,000) and
/// `EFFECTENGINE_PACING_SEED` the seed (default 13); a failure names both, and the
/// schedule, so it is reproduced by running the test again with them.
@Suite("Debounce and throttle against a reference model", .onThreadOfItsOwn)
struct PacingModelTests {
    struct Schedule: CustomStringConvertible {
        var pacing: PacingModel.Pacing
        var operations: [PacingModel.Operation]

        var description: String {
            "\(pacing): " + operations.map(\.description).joined(separator: ", ")
        }
    }

    /// The host's time for one unit of the model.
    static let unit = Duration.milliseconds(10)
    /// Time enough, after a schedule, for every debounce, window and body to be over.
    static let tail = 40

    static var scheduleCount: Int {
        Environment.integer("EFFECTENGINE_PACING_SCHEDULES") ?? 10_000
    }

    static var seed: UInt64 {
        Environment.integer("EFFECTENGINE_PACING_SEED").map { UInt64(truncatingIfNeeded: $0) } ?? 13
    }

    static func schedule(using random: inout SplitMix64) -> Schedule {
        let units = Int.random(in: 0...4, using: &random)
        let pacing: PacingModel.Pacing =
            switch Int.random(in: 0..<3, using: &random) {
            case 0: .debounce(units)
            case 1: .throttle(units, latest: false)
            default: .throttle(units, latest: true)
            }
        let count = Int.random(in: 1...14, using: &random)
        let operations: [PacingModel.Operation] = (0..<count).map { _ in
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<11:
                .issue(work: Bool.random(using: &random) ? 0 : Int.random(in: 1...6, using: &random))
            case 11..<18: .advance(Int.random(in: 0...6, using: &random))
            default: .cancel
            }
        }
        return Schedule(pacing: pacing, operations: operations)
    }

    static func schedules(count: Int, seed: UInt64) -> [Schedule] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in schedule(using: &random) }
    }

    /// What the host's bodies did for a schedule, in the model's terms.
    static func hostSteps(for schedule: Schedule) async -> [PacingModel.Step] {
        let pacing: TaskPacing =
            switch schedule.pacing {
            case .debounce(let units): .debounce(unit * units)
            case .throttle(let units, let latest): .throttle(unit * units, latest: latest)
            }
        let host = Paced.host(pacing)
        var issued = 0
        for operation in schedule.operations + [.advance(tail)] {
            switch operation {
            case .issue(let work):
                host.input(.issue(String(issued), work: unit * work))
                issued += 1
                await host.settle()
            case .cancel:
                host.input(.cancel)
                await host.settle()
            case .advance(let units):
                await host.clock.advance(by: unit * units)
            }
        }
        return host.state.log.map { step in
            PacingModel.Step(
                ran: step.kind == .ran, label: Int(step.label) ?? -1, at: Int((step.at / unit).rounded()))
        }
    }

    @Test func theHostAgreesWithTheModelOnRandomSchedules() async {
        let count = Self.scheduleCount
        let seed = Self.seed
        for (index, schedule) in Self.schedules(count: count, seed: seed).enumerated() {
            let expected = PacingModel.steps(of: schedule.pacing, schedule.operations, settleFor: Self.tail)
            let actual = await Self.hostSteps(for: schedule)
            guard actual == expected else {
                Issue.record(
                    """
                    Schedule \(index) of seed \(seed) differs from the model:
                      \(schedule)
                      model: \(expected)
                      host:  \(actual)
                    """)
                return
            }
        }
    }

    @Test func theSameSeedGivesTheSameSchedulesAndTheSameRuns() async {
        let first = Self.schedules(count: 200, seed: 7)
        let second = Self.schedules(count: 200, seed: 7)
        #expect(first.map(\.description) == second.map(\.description))
        #expect(Self.schedules(count: 200, seed: 8).map(\.description) != first.map(\.description))
        for schedule in first.prefix(50) {
            let once = await Self.hostSteps(for: schedule)
            let twice = await Self.hostSteps(for: schedule)
            #expect(once == twice, "\(schedule)")
        }
    }

    @Test func theModelFollowsTheTextbook() {
        // The model itself, on cases worked out by hand.
        #expect(
            PacingModel.steps(
                of: .debounce(3), [.issue(work: 0), .advance(1), .issue(work: 2)], settleFor: 10)
                == [.init(ran: true, label: 1, at: 4), .init(ran: false, label: 1, at: 6)])
        #expect(
            PacingModel.steps(
                of: .throttle(3, latest: true), [.issue(work: 5), .issue(work: 0)], settleFor: 10)
                == [
                    .init(ran: true, label: 0, at: 0), .init(ran: true, label: 1, at: 3),
                    .init(ran: false, label: 1, at: 3),
                ])
        #expect(
            PacingModel.steps(
                of: .throttle(3, latest: false), [.issue(work: 1), .issue(work: 0)], settleFor: 10)
                == [.init(ran: true, label: 0, at: 0), .init(ran: false, label: 0, at: 1)])
    }
}
