import EffectEngine
import EffectEngineCLI
import EffectEngineTesting
import Testing

@testable import downloads

@Suite("Downloads feature: rows as child features, with TestHost and TestClock")

struct DownloadsFeatureTests {
    let clock = TestClock()

    func makeHost() -> TestHost<Downloads.State, Downloads.Event, Download.Env> {
        TestHost(initialState: Downloads.State(), env: .mock(clock: clock), update: Downloads.update)
    }

    /// `add` appends a row and starts it: both in one synchronous chain, whose `start` is
    /// received (T9).
    func add(_ name: String, id: Int, to host: TestHost<Downloads.State, Downloads.Event, Download.Env>) async
    {
        await host.send(.add(name)) {
            $0.rows.append(Download.State(id: id, name: name, status: .downloading))
            $0.nextID = id + 1
        }
        await host.receive(.row(id, .start))
    }

    @Test func aDownloadMovesAQuarterAStepUntilDone() async {
        let host = makeHost()
        await add("a", id: 1, to: host)
        #expect(host.runningTaskNames == ["downloads/1/transfer"])
        for percent in [25, 50, 75] {
            await clock.advance(by: .seconds(1))
            await host.receive(.row(1, .progressed(percent))) { $0.rows[0].progress = percent }
        }
        await clock.advance(by: .seconds(1))
        await host.receive(.row(1, .progressed(100))) {
            $0.rows[0].progress = 100
            $0.rows[0].status = .done
        }
        await host.finish()
    }

    @Test func rowsTransferSideBySideEachWithItsOwnTask() async {
        let host = makeHost()
        await add("a", id: 1, to: host)
        await add("b", id: 2, to: host)
        #expect(host.runningTaskNames == ["downloads/1/transfer", "downloads/2/transfer"])
        await clock.advance(by: .seconds(1))
        await host.receive(.row(1, .progressed(25))) { $0.rows[0].progress = 25 }
        await host.receive(.row(2, .progressed(25))) { $0.rows[1].progress = 25 }
        await host.send(.remove(1)) { $0.rows.remove(id: 1) }
        #expect(host.runningTaskNames == ["downloads/2/transfer"])
        await host.send(.row(2, .pause)) { $0.rows[0].status = .paused }
        await host.finish()
    }

    @Test func pauseKeepsTheProgressAndResumeGoesOnFromIt() async {
        let host = makeHost()
        await add("a", id: 1, to: host)
        await clock.advance(by: .seconds(1))
        await host.receive(.row(1, .progressed(25))) { $0.rows[0].progress = 25 }
        await host.send(.row(1, .pause)) { $0.rows[0].status = .paused }
        #expect(host.runningTasks.isEmpty)
        await clock.advance(by: .seconds(10))
        #expect(host.pendingEvents.isEmpty)
        await host.send(.row(1, .start)) { $0.rows[0].status = .downloading }
        await clock.advance(by: .seconds(1))
        await host.receive(.row(1, .progressed(50))) { $0.rows[0].progress = 50 }
        await host.send(.row(1, .pause)) { $0.rows[0].status = .paused }
        await host.finish()
    }

    @Test func pauseOrResumeOutOfTurnChangesNothing() async {
        let host = makeHost()
        await add("a", id: 1, to: host)
        await host.send(.row(1, .start))
        await host.send(.row(1, .pause)) { $0.rows[0].status = .paused }
        await host.send(.row(1, .pause))
        await host.send(.row(1, .progressed(75)))
        await host.send(.remove(1)) { $0.rows = [] }
        await host.finish()
    }

    @Test func eventsForAMissingRowAreDroppedAndReported() async {
        let host = makeHost()
        await add("a", id: 1, to: host)
        await host.send(.row(7, .pause))
        await host.expectDiagnostic(.childMissing(scope: "downloads/7"))
        await host.send(.remove(7))
        await host.expectDiagnostic(.containing("remove(7) dropped"))
        let reported = host.activities.compactMap { activity -> String? in
            if case .diagnostic(.childMissing(let scope, let event)) = activity {
                "\(scope) \(event)"
            } else {
                nil
            }
        }
        #expect(reported == ["downloads/7 row(7, .pause)", "downloads/7 remove(7)"])
        await host.send(.row(1, .pause)) { $0.rows[0].status = .paused }
        await host.finish()
    }

    /// The row removed while its transfer sleeps: the transfer is cancelled, and a late
    /// event with its id (as a stale sender would send) reaches no row.
    @Test func aRemovedRowsLateEventReachesNoOtherRow() async {
        let host = makeHost()
        await add("a", id: 1, to: host)
        await add("b", id: 2, to: host)
        await host.send(.remove(1)) { $0.rows.remove(id: 1) }
        await host.send(.row(1, .progressed(100)))
        await host.expectDiagnostic(.childMissing(scope: "downloads/1"))
        #expect(host.state.rows == [Download.State(id: 2, name: "b", status: .downloading)])
        await host.send(.row(2, .pause)) { $0.rows[0].status = .paused }
        await host.finish()
    }

    @Test func updateSpecShowsScopedNames() {
        let spec = UpdateSpec(Downloads.update, env: .mock(clock: ContinuousClock()))
        let one = Downloads.State(rows: [Download.State(id: 1, name: "a", status: .downloading)], nextID: 2)
        spec.given(one).when(.row(1, .pause)).then(effect: .cancel("downloads/1/transfer")) {
            $0.rows[0].status = .paused
        }
        spec.given(one).when(.remove(1)).then(effect: .cancel(scope: "downloads/1")) { $0.rows = [] }
        spec.given(Downloads.State()).when(.add("a")).then(effect: .action) {
            $0.rows = [Download.State(id: 1, name: "a", status: .downloading)]
            $0.nextID = 2
        }
    }

    @Test func renderingAndCommands() throws {
        #expect(Downloads.render(Downloads.State()) == "downloads: none — type add <name>")
        let state = Downloads.State(
            rows: [
                Download.State(id: 1, name: "a", progress: 25, status: .downloading),
                Download.State(id: 3, name: "b c", progress: 50, status: .paused),
                Download.State(id: 4, name: "d", progress: 100, status: .done),
            ], nextID: 5)
        #expect(
            Downloads.render(state)
                == "downloads: 3\n  1. a — 25% downloading\n  2. b c — 50% paused\n  3. d — done")
        #expect(try Downloads.commands.parse("add b c", state: state) == .add("b c"))
        // Rows are numbered as shown: the second row is the download with id 3 (L7).
        #expect(try Downloads.commands.parse("resume 2", state: state) == .row(3, .start))
        #expect(try Downloads.commands.parse("pause 3", state: state) == .row(4, .pause))
        #expect(try Downloads.commands.parse("remove 1", state: state) == .remove(1))
        #expect(throws: LineError("no download 4: pick 1 to 3")) { try Downloads.commands.parse("remove 4", state: state) }
        #expect(throws: LineError("no download 1: none shown")) {
            try Downloads.commands.parse("pause 1", state: Downloads.State())
        }
        #expect(throws: (any Error).self) { try Downloads.commands.parse("add", state: state) }
        #expect(throws: (any Error).self) { try Downloads.commands.parse("remove one", state: state) }
    }
}
