import Foundation

/// What a decoded state file is checked for beyond its shape (L13): the value a field
/// that does not decode holds, and ids used twice.
enum StateCheck {
    /// The value at `path` in the JSON `data`, written as JSON (`"plaid"`) and cut at 60
    /// characters; `nil` when the data has nothing there.
    static func shownValue(at path: [any CodingKey], in data: Data) -> String? {
        guard var value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        for key in path {
            if let index = key.intValue, let array = value as? [Any] {
                guard array.indices.contains(index) else { return nil }
                value = array[index]
            } else if let object = value as? [String: Any], let next = object[key.stringValue] {
                value = next
            } else {
                return nil
            }
        }
        guard
            let encoded = try? JSONSerialization.data(
                withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        let text = String(decoding: encoded, as: UTF8.self)
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }

    /// The first element of a collection in `value` whose id (`Identifiable`) an element
    /// before it has too, said as `state.syncUps[1]: its id, 3, is that of state.syncUps[0]`;
    /// `nil` when every id is used once.
    static func duplicateID(in value: Any, at path: String = "state") -> String? {
        duplicateID(in: value, at: path, depth: 0)
    }

    private static func duplicateID(in value: Any, at path: String, depth: Int) -> String? {
        // Leaves have no ids inside; a bound keeps a deep value from costing much.
        switch value {
        case is String, is Int, is Double, is Bool, is UUID, is Date, is Data, is Duration: return nil
        default: break
        }
        guard depth < 64 else { return nil }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection, .set:
            var seen: [AnyHashable: Int] = [:]
            for (index, child) in mirror.children.enumerated() {
                let place = "\(path)[\(index)]"
                if let element = child.value as? any Identifiable {
                    let id = identity(of: element)
                    if let first = seen[id] {
                        return "\(place): its id, \(id), is that of \(path)[\(first)]"
                    }
                    seen[id] = index
                }
                if let found = duplicateID(in: child.value, at: place, depth: depth + 1) { return found }
            }
            return nil
        case .optional, .enum:
            for child in mirror.children {
                if let found = duplicateID(in: child.value, at: path, depth: depth + 1) { return found }
            }
            return nil
        default:
            for child in mirror.children {
                let place = child.label.map { "\(path).\($0)" } ?? path
                if let found = duplicateID(in: child.value, at: place, depth: depth + 1) { return found }
            }
            return nil
        }
    }

    private static func identity<Element: Identifiable>(of element: Element) -> AnyHashable {
        AnyHashable(element.id)
    }
}
