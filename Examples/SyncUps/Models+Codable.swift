import EffectEngine
import Foundation

// A sync-up as the state file keeps it: its length a number of seconds a person can read
// and edit (`"duration": 300`), where `Duration`'s own coding writes two integers of
// attoseconds (`[16, 4852094820647174144]`). Files written that way still load.

extension SyncUp {
    private enum CodingKeys: String, CodingKey {
        case id, attendees, duration, meetings, theme, title
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        attendees = try container.decode(IdentifiedArray<Attendee>.self, forKey: .attendees)
        if let seconds = try? container.decode(Double.self, forKey: .duration) {
            duration = .seconds(seconds)
        } else if let old = try? container.decode(Duration.self, forKey: .duration) {
            duration = old
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .duration, in: container, debugDescription: "not a number of seconds, such as 300")
        }
        meetings = try container.decode(IdentifiedArray<Meeting>.self, forKey: .meetings)
        theme = try container.decode(Theme.self, forKey: .theme)
        title = try container.decode(String.self, forKey: .title)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(attendees, forKey: .attendees)
        let (seconds, attoseconds) = duration.components
        try container.encode(Double(seconds) + Double(attoseconds) / 1e18, forKey: .duration)
        try container.encode(meetings, forKey: .meetings)
        try container.encode(theme, forKey: .theme)
        try container.encode(title, forKey: .title)
    }
}

extension Theme {
    /// A theme by its name; a name it does not know is refused naming those it does.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let theme = Theme(rawValue: name) else {
            let names = Theme.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not one of \(names)")
        }
        self = theme
    }
}
