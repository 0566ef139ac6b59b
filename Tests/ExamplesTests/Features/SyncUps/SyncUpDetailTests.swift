import EffectEngine
import EffectEngineTesting
import Foundation
import Testing

@testable import syncups

/// TCA's `SyncUpDetailTests`, ported. The detail's state is a projection: the sync-up
/// it shows, and what it keeps itself.
@Suite struct SyncUpDetailTests {
    static func host(
        destination: SyncUpDetail.Destination.State? = nil, syncUp: SyncUp = .mock, env: SyncUpsApp.Env = .test
    ) -> TestHost<SyncUpDetail.State, SyncUpDetail.Event, SyncUpsApp.Env> {
        TestHost(
            initialState: SyncUpDetail.State(value: syncUp, own: .init(destination: destination)), env: env,
            update: SyncUpDetail.update)
    }

    @Test func speechRestricted() async {
        var env = SyncUpsApp.Env.test
        env.speech.authorizationStatus = { .restricted }
        let host = Self.host(env: env)
        await host.send(.startMeetingButtonTapped) {
            $0.destination = .alert(.speechRecognitionRestricted)
        }
        await host.receive(.speechAuthorization(.restricted))
    }

    @Test func speechDenied() async throws {
        var env = SyncUpsApp.Env.test
        env.speech.authorizationStatus = { .denied }
        let host = Self.host(env: env)
        await host.send(.startMeetingButtonTapped) {
            $0.destination = .alert(.speechRecognitionDenied)
        }
        await host.receive(.speechAuthorization(.denied))
    }

    @Test func openSettings() async {
        let settingsOpened = LockedValue(false)
        var env = SyncUpsApp.Env.test
        env.openSettings = { settingsOpened.setValue(true) }
        env.speech.authorizationStatus = { .denied }
        let host = Self.host(destination: .alert(.speechRecognitionDenied), env: env)
        await host.send(.destination(.presented(.alert(.openSettings)))) {
            $0.destination = nil
        }
        // The task opening the settings was started by the send; finish waits for it.
        await host.finish()
        #expect(settingsOpened.value)
    }

    @Test func continueWithoutRecording() async throws {
        var env = SyncUpsApp.Env.test
        env.speech.authorizationStatus = { .denied }
        let host = Self.host(destination: .alert(.speechRecognitionDenied), env: env)
        await host.send(.destination(.presented(.alert(.continueWithoutRecording)))) {
            $0.destination = nil
        }
        await host.receive(.delegate(.startMeeting))
    }

    @Test func speechAuthorized() async throws {
        var env = SyncUpsApp.Env.test
        env.speech.authorizationStatus = { .authorized }
        let host = Self.host(env: env)
        await host.send(.startMeetingButtonTapped)
        await host.receive(.speechAuthorization(.authorized))
        await host.receive(.delegate(.startMeeting))
    }

    @Test func edit() async {
        var syncUp = SyncUp.mock
        let host = Self.host(syncUp: syncUp, env: .test(clock: TestClock()))
        await host.send(.editButtonTapped) {
            $0.destination = .edit(SyncUpForm.State(syncUp: syncUp))
        }
        await host.receive(.destination(.presented(.edit(.appeared))))
        syncUp.title = "Blob's Meeting"
        await host.send(.destination(.presented(.edit(.binding(.set(\.syncUp, syncUp)))))) {
            $0.destination = .edit(SyncUpForm.State(syncUp: syncUp))
        }
        await host.send(.doneEditingButtonTapped) {
            $0.destination = nil
            $0.value.title = "Blob's Meeting"
        }
    }

    @Test func delete() async throws {
        let host = Self.host()
        await host.send(.deleteButtonTapped) {
            $0.destination = .alert(.deleteSyncUp)
        }
        await host.send(.destination(.presented(.alert(.confirmDeletion)))) {
            $0.destination = nil
        }
        // TCA's detail empties the shared list itself; this one asks its app to.
        await host.receive(.delegate(.deleteSyncUp))
        #expect(host.isDismissed)
    }
}
