// What the explorer's test writer reads of the navigation values to spell them back as
// Swift that compiles: their reflection names stored fields (`#0`, `nextID`, `label`)
// that no initializer takes. Package access: not a user's API.

/// A stack of any element type.
package protocol ReflectedStack {
    /// The elements, bottom first.
    var reflectedElements: [Any] { get }
    /// The elements' ids, bottom first.
    var ids: [StackElementID] { get }
    /// The id the next element pushed gets.
    var nextID: StackElementID { get }
}

extension StackState: ReflectedStack {
    package var reflectedElements: [Any] { elements.map { $0 as Any } }
}

/// A button of any action type.
package protocol ReflectedButton {
    /// The button's title.
    var label: String { get }
    /// The name of its role (`cancel`, `destructive`), `nil` for an ordinary button.
    var roleName: String? { get }
    /// The action it sends, `nil` for one that only dismisses.
    var reflectedAction: Any? { get }
}

extension ButtonState: ReflectedButton {
    package var roleName: String? { role?.rawValue }
    package var reflectedAction: Any? { action.map { $0 as Any } }
}
