import EffectEngine
import EffectEngineTesting
import Testing

/// A board of tickers: each row a `Ticker` child, told apart by id (C2).
enum Board {
    struct Row: Equatable, Identifiable {
        let id: Int
        var ticker = Ticker.State()
    }

    struct State: Equatable {
        var rows: [Row] = []
    }

    enum Event: Equatable, Sendable {
        case add(Int)
        case remove(Int)
        case row(Int, Ticker.Event)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Ticker.Env>? {
        Compose.forEach(
            \.rows, in: &state, event: event, scope: "rows",
            child: { if case .row(let id, let event) = $0 { (id, event) } else { nil } },
            embed: Event.row, env: { $0 },
            update: { row, event in Ticker.update(state: &row.ticker, event: event) }
        ) { state, event in
            switch event {
            case .add(let id): state.rows.append(Row(id: id))
            case .remove(let id): state.rows.removeAll { $0.id == id }
            case .row: break
            }
            return nil
        }
    }
}

@Suite("UpdateSpec and TestHost on a composed feature")

struct ComposedFeatureTests {
    static let env = Ticker.Env(clock: ContinuousClock())

    @Test func specShowsScopedNames() {
        let spec = UpdateSpec(Board.update, env: Self.env)
        let two = Board.State(rows: [Board.Row(id: 1), Board.Row(id: 2)])
        spec.given(two).when(.row(2, .start)).then(effect: .task(name: "rows/2/ticker")) {
            $0.rows[1].ticker.isRunning = true
        }
        spec.given(two).when(.row(1, .stop)).then(effect: .cancel("rows/1/ticker"))
        spec.given(two).when(.remove(1)).then(effect: .cancel(scope: "rows/1")) { $0.rows.removeFirst() }
        spec.given(two).when(.add(3)).then(effect: nil) { $0.rows.append(Board.Row(id: 3)) }
    }

    @Test func specShowsTheReportOfAMissingRow() {
        let spec = UpdateSpec(Board.update, env: Self.env)
        let outcome = spec.given(Board.State()).when(.row(4, .tick))
        #expect(outcome.state == Board.State())
        guard case .report(let text)? = outcome.effect else {
            Issue.record("expected a report, got \(String(describing: outcome.effect))")
            return
        }
        #expect(text.contains("rows/4"))
    }

    @Test func testHostRunsRowsOnATestClock() async {
        let clock = TestClock()
        let host = TestHost(initialState: Board.State(), env: Ticker.Env(clock: clock), update: Board.update)
        await host.send(.add(1)) { $0.rows = [Board.Row(id: 1)] }
        await host.send(.add(2)) { $0.rows.append(Board.Row(id: 2)) }
        await host.send(.row(1, .start)) { $0.rows[0].ticker.isRunning = true }
        await host.send(.row(2, .start)) { $0.rows[1].ticker.isRunning = true }
        #expect(host.runningTaskNames == ["rows/1/ticker", "rows/2/ticker"])
        await clock.advance(by: .seconds(1))
        await host.receive(.row(1, .tick)) { $0.rows[0].ticker.count = 1 }
        await host.receive(.row(2, .tick)) { $0.rows[1].ticker.count = 1 }
        await host.send(.remove(1)) { $0.rows.removeFirst() }
        #expect(host.runningTaskNames == ["rows/2/ticker"])
        await clock.advance(by: .seconds(1))
        await host.receive(.row(2, .tick)) { $0.rows[0].ticker.count = 2 }
        await withKnownIssue {
            await host.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("rows/2/ticker")
        }
        await host.send(.row(2, .stop)) { $0.rows[0].ticker.isRunning = false }
        await host.finish()
    }

    @Test func testHostSeesTheMissingRowReported() async {
        let host = TestHost(initialState: Board.State(), env: Self.env, update: Board.update)
        await host.send(.row(9, .start))
        let reported = host.activities.contains { activity in
            if case .diagnostic(.childMissing(scope: "rows/9", _)) = activity { true } else { false }
        }
        #expect(reported)
        await host.expectDiagnostic(.childMissing(scope: "rows/9"))
        await host.finish()
    }
}
