/// One button of an ``AlertState``: its label, its role, and the action it sends (N4).
///
/// Choosing a button sends its action to the feature that presents the alert and
/// dismisses the alert; a button with no action only dismisses it.
///
/// ```swift
/// ButtonState("Delete", role: .destructive, action: Alert.confirmDeletion)
/// ButtonState<Alert>("Cancel", role: .cancel)
/// ```
public struct ButtonState<Action> {
    /// What a button does to what the user is looking at, for a view to style it.
    public enum Role: String, Hashable, Sendable, Codable {
        /// Dismisses the alert without doing anything else.
        case cancel
        /// Deletes or discards something.
        case destructive
    }

    /// The button's title.
    public var label: String
    /// The button's role, `nil` for an ordinary button.
    public var role: Role?
    /// The action sent when the button is chosen, `nil` for one that only dismisses.
    public var action: Action?

    /// A button.
    ///
    /// ```swift
    /// ButtonState("Save and end", action: Alert.confirmSave)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The button's title.
    ///   - role: Its role, `nil` for an ordinary button.
    ///   - action: The action it sends, `nil` for a button that only dismisses.
    @inlinable
    public init(_ label: String, role: Role? = nil, action: Action? = nil) {
        self.label = label
        self.role = role
        self.action = action
    }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonState: Codable where Action: Codable {}
