import EffectEngine
import EffectEngineTesting
import Foundation
import Testing

@testable import syncups

/// TCA's `AppFeatureTests`, ported: the same steps, state changes and received events.
@Suite struct AppFeatureTests {
    typealias Event = SyncUpsApp.Event
    typealias Path = SyncUpsApp.Path.State

    /// The event of the detail at `id` on the stack.
    func detail(_ id: StackElementID, _ event: SyncUpDetail.Event) -> Event {
        .path(.element(id: id, event: .detail(event)))
    }

    @Test func detailEdit() async throws {
        let syncUp = SyncUp.mock
        let host = TestHost(initialState: SyncUpsApp.State(syncUps: [syncUp]), env: .test, update: SyncUpsApp.update)
        await host.send(.path(.push(id: 0, state: .detail(syncUp.id, .init())))) {
            $0.path[id: 0] = .detail(syncUp.id, .init())
        }
        await host.send(detail(0, .editButtonTapped)) {
            $0.path[id: 0].modify(Path.detail) { $0.1.destination = .edit(SyncUpForm.State(syncUp: syncUp)) }
        }
        await host.receive(detail(0, .destination(.presented(.edit(.appeared)))))
        var newSyncUp = syncUp
        newSyncUp.title = "Blob"
        await host.send(detail(0, .destination(.presented(.edit(.binding(.set(\.syncUp, newSyncUp))))))) {
            $0.path[id: 0].modify(Path.detail) { $0.1.destination = .edit(SyncUpForm.State(syncUp: newSyncUp)) }
        }
        await host.send(detail(0, .doneEditingButtonTapped)) {
            $0.path[id: 0].modify(Path.detail) { $0.1.destination = nil }
            $0.syncUps[0].title = "Blob"
        }
        await host.finish()
    }

    @Test func delete() async throws {
        let syncUp = SyncUp.mock
        let host = TestHost(initialState: SyncUpsApp.State(syncUps: [syncUp]), env: .test, update: SyncUpsApp.update)
        await host.send(.path(.push(id: 0, state: .detail(syncUp.id, .init())))) {
            $0.path[id: 0] = .detail(syncUp.id, .init())
        }
        await host.send(detail(0, .deleteButtonTapped)) {
            $0.path[id: 0].modify(Path.detail) { $0.1.destination = .alert(.deleteSyncUp) }
        }
        await host.send(detail(0, .destination(.presented(.alert(.confirmDeletion))))) {
            $0.syncUps = []
            $0.path.removeAll()
        }
        await host.receive(detail(0, .delegate(.deleteSyncUp))) { $0.syncUps = [] }
        await host.receive(.path(.popFrom(id: 0))) {
            $0.path.removeAll()
        }
    }

    @Test func recording() async {
        let syncUp = SyncUp(
            id: UUID(), attendees: [Attendee(id: UUID()), Attendee(id: UUID()), Attendee(id: UUID())],
            duration: .seconds(6))
        var env = SyncUpsApp.Env.test(clock: ImmediateClock())
        env.speech.authorizationStatus = { .authorized }
        env.speech.startTask = { .heard([.completedTheProject]) }
        let host = TestHost(
            initialState: SyncUpsApp.State(
                syncUps: [syncUp], path: [.detail(syncUp.id, .init()), .record(syncUp.id, .init())]),
            env: env, update: SyncUpsApp.update)
        host.exhaustivity = .off
        await host.send(.path(.element(id: 1, event: .record(.onTask))))
        await host.receive(.path(.popFrom(id: 1))) {
            #expect($0.path.count == 1)
        }
        host.exhaustivity = .on
        await host.finish()
        await host.assert {
            $0.syncUps[0].meetings = [
                Meeting(
                    id: UUID(0), date: Date(timeIntervalSince1970: 1_234_567_890),
                    transcript: "I completed the project")
            ]
        }
    }
}
