import EffectEngine
import Foundation

/// A recurring meeting: who attends, how long it lasts, and the meetings held so far.
struct SyncUp: Hashable, Identifiable, Codable, Sendable {
    let id: UUID
    var attendees: IdentifiedArray<Attendee> = []
    var duration: Duration = .seconds(60 * 5)
    var meetings: IdentifiedArray<Meeting> = []
    var theme: Theme = .bubblegum
    var title = ""

    /// Each speaker's share of the meeting.
    ///
    /// ```swift
    /// #expect(SyncUp.engineeringMock.durationPerAttendee == .seconds(300))
    /// ```
    var durationPerAttendee: Duration {
        attendees.isEmpty ? duration : duration / attendees.count
    }
}

/// Someone who speaks in a sync-up.
struct Attendee: Hashable, Identifiable, Codable, Sendable {
    let id: UUID
    var name = ""
}

/// One meeting held: when, and what was said.
struct Meeting: Hashable, Identifiable, Codable, Sendable {
    let id: UUID
    let date: Date
    var transcript: String
}

/// A sync-up's colours, by name.
enum Theme: String, CaseIterable, Hashable, Codable, Sendable {
    case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy, purple,
        seafoam, sky, tan, teal, yellow

    /// The theme's name as shown: `Periwinkle`.
    var name: String { rawValue.capitalized }
}

extension SyncUp {
    static let mock = SyncUp(
        id: UUID(uuidString: "DE51C0FA-0000-4000-8000-000000000001")!,
        attendees: IdentifiedArray(
            ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"].enumerated().map {
                Attendee(id: UUID(uuidString: "A77E4DEE-0000-4000-8000-00000000000\($0)")!, name: $1)
            }),
        duration: .seconds(60),
        meetings: [
            Meeting(
                id: UUID(uuidString: "3EE71400-0000-4000-8000-000000000001")!,
                date: Date(timeIntervalSince1970: 1_234_000_000),
                transcript: "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.")
        ],
        theme: .orange,
        title: "Design")

    static let engineeringMock = SyncUp(
        id: UUID(uuidString: "DE51C0FA-0000-4000-8000-000000000002")!,
        attendees: [
            Attendee(id: UUID(uuidString: "A77E4DEE-0000-4000-8000-000000000010")!, name: "Blob"),
            Attendee(id: UUID(uuidString: "A77E4DEE-0000-4000-8000-000000000011")!, name: "Blob Jr"),
        ],
        duration: .seconds(60 * 10),
        theme: .periwinkle,
        title: "Engineering")

    static let productMock = SyncUp(
        id: UUID(uuidString: "DE51C0FA-0000-4000-8000-000000000003")!,
        attendees: [
            Attendee(id: UUID(uuidString: "A77E4DEE-0000-4000-8000-000000000020")!, name: "Blob Sr"),
            Attendee(id: UUID(uuidString: "A77E4DEE-0000-4000-8000-000000000021")!, name: "Blob Jr"),
        ],
        duration: .seconds(60 * 30),
        theme: .poppy,
        title: "Product")
}
