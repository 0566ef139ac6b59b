import EffectEngine
import EffectEngineTesting
import Foundation
import Testing

@testable import syncups

/// TCA's `SyncUpsListTests`, ported. The list's state is a projection: every sync-up,
/// and the sheet the list keeps itself.
@Suite struct SyncUpsListTests {
    @Test func add() async throws {
        let host = TestHost(
            initialState: SyncUpsList.State(value: [], own: .init()), env: .test(clock: TestClock()),
            update: SyncUpsList.update)
        var syncUp = SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1))])
        await host.send(.addSyncUpButtonTapped) {
            $0.destination = .add(SyncUpForm.State(syncUp: syncUp))
        }
        await host.receive(.addSyncUp(UUID(0)))
        await host.receive(.destination(.presented(.add(.appeared))))
        await host.receive(.destination(.presented(.add(.attendeeAdded(UUID(1), focus: false)))))
        syncUp.title = "Engineering"
        await host.send(.destination(.presented(.add(.binding(.set(\.syncUp, syncUp)))))) {
            $0.destination = .add(SyncUpForm.State(syncUp: syncUp))
        }
        await host.send(.confirmAddSyncUpButtonTapped) {
            $0.destination = nil
            $0.value = [syncUp]
        }
    }

    @Test func addAndConfirmValidatesAttendees() async throws {
        let id = try #require(UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"))
        let host = TestHost(
            initialState: SyncUpsList.State(
                value: [],
                own: .init(
                    destination: .add(
                        SyncUpForm.State(
                            syncUp: SyncUp(
                                id: id,
                                attendees: [Attendee(id: UUID(0), name: ""), Attendee(id: UUID(1), name: "    ")],
                                title: "Design"))))),
            env: .test(clock: TestClock()), update: SyncUpsList.update)
        await host.send(.confirmAddSyncUpButtonTapped) {
            $0.destination = nil
            $0.value = [SyncUp(id: id, attendees: [Attendee(id: UUID(0))], title: "Design")]
        }
    }
}
