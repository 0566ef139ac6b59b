/// An alert or a confirmation dialog as a value: a title, a message, and buttons that each
/// send an action (N4).
///
/// A feature presents one by setting an optional field, or a case of its destination,
/// and handles each button's action as an event. Choosing a button sends its action to
/// the presenting feature and dismisses the alert, in one transition; a cancel button, or
/// a view dismissing the alert, sends ``PresentationEvent/dismiss``. An action of an alert
/// that is no longer presented is dropped and reported. A view framework shows it; the
/// line host prints it with numbered buttons and answers it with a command (N7).
///
/// ```swift
/// extension AlertState where Action == RecordMeeting.Alert {
///     static let endMeeting = AlertState(
///         title: "End meeting?",
///         message: "You are ending the meeting early. What would you like to do?",
///         buttons: [
///             ButtonState("Save and end", action: .confirmSave),
///             ButtonState("Discard", role: .destructive, action: .confirmDiscard),
///             ButtonState("Resume", role: .cancel),
///         ])
/// }
/// ```
///
/// A confirmation dialog is the same value with the style ``Style/confirmationDialog``.
public struct AlertState<Action> {
    /// How the alert is shown.
    public enum Style: String, Hashable, Sendable, Codable {
        /// An alert over the screen.
        case alert
        /// A confirmation dialog: a sheet of choices about an action the user started.
        case confirmationDialog
    }

    /// The title.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in the order shown. An alert with none shows one "OK" button that
    /// dismisses it, as the platforms do.
    public var buttons: [ButtonState<Action>]
    /// Alert or confirmation dialog.
    public var style: Style

    /// An alert or a confirmation dialog.
    ///
    /// ```swift
    /// let alert = AlertState<Alert>(title: "Delete?", buttons: [
    ///     ButtonState("Yes", role: .destructive, action: .confirmDeletion),
    ///     ButtonState("Nevermind", role: .cancel),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The text under the title.
    ///   - buttons: The buttons, in order; none shows one "OK".
    ///   - style: ``Style/alert`` or ``Style/confirmationDialog``.
    @inlinable
    public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = [], style: Style = .alert) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.style = style
    }

    /// A confirmation dialog: ``init(title:message:buttons:style:)`` with the style
    /// ``Style/confirmationDialog``.
    ///
    /// ```swift
    /// state.dialog = .confirmationDialog(title: "Share", buttons: [
    ///     ButtonState("Copy link", action: .copyLink),
    ///     ButtonState("Cancel", role: .cancel),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The text under the title.
    ///   - buttons: The choices, in order.
    /// - Returns: The dialog.
    @inlinable
    public static func confirmationDialog(
        title: String, message: String? = nil, buttons: [ButtonState<Action>]
    ) -> AlertState {
        AlertState(title: title, message: message, buttons: buttons, style: .confirmationDialog)
    }

    /// The buttons as shown: ``buttons``, or one "OK" that only dismisses when there are
    /// none.
    ///
    /// ```swift
    /// #expect(AlertState<Never>(title: "Saved").shownButtons.map(\.label) == ["OK"])
    /// ```
    public var shownButtons: [ButtonState<Action>] {
        buttons.isEmpty ? [ButtonState("OK", role: .cancel)] : buttons
    }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
extension AlertState: Codable where Action: Codable {}

/// What a destination dismisses in place when it answers with `.dismiss`: an alert or a
/// confirmation dialog, alone or as the payload of a destination enum's case, as the
/// platforms dismiss an alert when a button is chosen. Any other screen's `.dismiss`
/// reaches its parent as ``PresentationEvent/dismiss`` (N3).
@usableFromInline
protocol EphemeralScreen {}

extension AlertState: EphemeralScreen {}

@usableFromInline
enum Ephemeral {
    /// Whether `value`, or the payload of the enum case it is, is an alert: read with
    /// `Mirror`, and only when a screen dismissed itself.
    @usableFromInline
    static func holds(_ value: Any) -> Bool {
        if value is any EphemeralScreen { return true }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .enum:
            guard let payload = mirror.children.first?.value else { return false }
            return holds(payload)
        default:
            return false
        }
    }
}
