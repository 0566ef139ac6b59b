import EffectEngine
import EffectEngineJournal
import Foundation
import TestSupport
import Testing

@testable import counter
@testable import movies
@testable import search

/// Random runs of each example, with tasks racing on a ``YieldingClock`` (the env's and
/// the host's, which times debounces) and being replaced, recorded to a journal and replayed: the replay reaches the recorded final
/// state every time, with no step differing. `EFFECTENGINE_JOURNAL_RUNS` sets the runs per
/// example (default 1,000); the seed is fixed, so a failure names a run that fails again.
///
/// Each run's host is an `ActorHost`, recorded on its own actor (H8): the fuzz leaves the
/// main actor to the suites running beside it, whose bounded waits it once starved. One
/// example at a time: each keeps the cooperative pool busy with its hosts and their
/// yielding tasks.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct JournalFuzzTests {
    static let runs = ProcessInfo.processInfo.environment["EFFECTENGINE_JOURNAL_RUNS"].flatMap(Int.init) ?? 1_000

    @Test func counterRunsReplayToTheirState() async throws {
        let failures = try await fuzz(
            seed: 0xC0, initialState: Counter.State(), env: { .mock(clock: $0, interval: .seconds(1)) },
            events: [.start, .stop, .reset, .tick], settles: { $0 != .start }, update: Counter.update)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test func searchRunsReplayToTheirState() async throws {
        let queries = ["a", "ap", "apr", "b", "ban", "", "grape", "x"]
        let failures = try await fuzz(
            seed: 0x5E, initialState: Search.State(), env: { .mock(clock: $0) },
            events: queries.map { .query($0) }, settles: { _ in true }, update: Search.update)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test func moviesRunsReplayToTheirState() async throws {
        let failures = try await fuzz(
            seed: 0x30, initialState: Movies.State(), env: { .mock(clock: $0) },
            events: [.refresh, .refresh, .select(1), .select(3), .select(9), .clear], settles: { _ in true },
            update: Movies.update)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    /// Runs `runs` random sequences of `events`, sent, queued or (those whose trees
    /// `settles`) performed, with yields between them; records each, replays it, and
    /// returns the runs whose replay differs.
    private func fuzz<State: Codable & Equatable & Sendable, Event: Codable & Sendable, Env: Sendable>(
        seed: UInt64, initialState: State, env makeEnv: (YieldingClock) -> Env, events: [Event],
        settles: (Event) -> Bool,
        update: @escaping @Sendable (inout State, Event) -> Effect<Event, Env>?
    ) async throws -> [String] {
        var random = SplitMix64(seed: seed)
        var failures: [String] = []
        let path = NSTemporaryDirectory() + "fuzz-" + UUID().uuidString + ".journal"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var replaced = 0
        for run in 0..<Self.runs {
            let clock = YieldingClock()
            let env = makeEnv(clock)
            let host = ActorHost(initialState: initialState, env: env, options: HostOptions(clock: clock), update: update)
            let recorder = try await host.record(to: path)
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let event = events.randomElement(using: &random)!
                switch Int.random(in: 0..<4, using: &random) {
                case 0: host.input(event)
                case 1 where settles(event): await host.perform(event)
                default: await host.send(event)
                }
                for _ in 0..<Int.random(in: 0..<4, using: &random) { await Task.yield() }
            }
            await host.stop()
            recorder.finish()
            let journal = try Journal<Event>.read(from: path)
            replaced += journal.entries.count
            let replay = journal.replay(initialState: try journal.initialState(State.self) ?? initialState, env: env, update: update)
            if let divergence = replay.divergence {
                failures.append("run \(run): \(divergence)")
            } else if case let recorded = await host.state, replay.state != recorded {
                failures.append("run \(run): replayed \(replay.state), recorded \(recorded)")
            }
        }
        #expect(replaced > Self.runs, "the runs recorded too few events to mean anything")
        return failures
    }
}
