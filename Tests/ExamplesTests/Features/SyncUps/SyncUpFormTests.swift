import EffectEngine
import EffectEngineTesting
import Foundation
import Testing

@testable import syncups

/// TCA's `SyncUpFormTests`, ported.
@Suite struct SyncUpFormTests {
    @Test func addAttendee() async {
        let host = TestHost(
            initialState: SyncUpForm.State(syncUp: SyncUp(id: UUID(), attendees: [], title: "Engineering")),
            env: .test(clock: TestClock()), update: SyncUpForm.update)
        // TCA's form draws its first attendee as its state is made; this one as it appears.
        await host.send(.appeared) {
            $0.syncUp.attendees = [Attendee(id: UUID(0))]
        }
        await host.receive(.attendeeAdded(UUID(0), focus: false))
        await host.send(.addAttendeeButtonTapped) {
            $0.focus = .attendee(UUID(1))
            $0.syncUp.attendees = [Attendee(id: UUID(0)), Attendee(id: UUID(1))]
        }
        await host.receive(.attendeeAdded(UUID(1), focus: true))
    }

    @Test func focusAfterRemovingAttendee() async {
        let host = TestHost(
            initialState: SyncUpForm.State(
                syncUp: SyncUp(
                    id: UUID(),
                    attendees: [Attendee(id: UUID()), Attendee(id: UUID()), Attendee(id: UUID()), Attendee(id: UUID())],
                    title: "Engineering")),
            env: .test(clock: TestClock()), update: SyncUpForm.update)
        await host.send(.deleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee($0.syncUp.attendees[1].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[1], $0.syncUp.attendees[2], $0.syncUp.attendees[3]]
        }
        await host.send(.deleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee($0.syncUp.attendees[2].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[0], $0.syncUp.attendees[2]]
        }
        await host.send(.deleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee($0.syncUp.attendees[0].id)
            $0.syncUp.attendees = [$0.syncUp.attendees[0]]
        }
        await host.send(.deleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee(UUID(0))
            $0.syncUp.attendees = [Attendee(id: UUID(0))]
        }
        await host.receive(.attendeeAdded(UUID(0), focus: true))
    }
}
