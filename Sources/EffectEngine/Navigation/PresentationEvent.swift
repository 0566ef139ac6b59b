/// An event of a presented screen (a sheet, a popover, an alert, a confirmation
/// dialog): for the screen, or its dismissal (N2). A parent's event type embeds it,
/// `case destination(PresentationEvent<Destination.Event>)`, and
/// ``Compose/destination(_:in:event:scope:child:embed:env:update:appear:parent:)`` or
/// `Compose.alert(_:in:event:scope:child:parent:)` carries it out.
///
/// ```swift
/// host.send(.destination(.presented(.edit(.titleChanged("Standup")))))
/// host.send(.destination(.dismiss))       // the sheet swiped away
/// ```
public enum PresentationEvent<Event> {
    /// An event for the presented screen; dropped and reported when nothing, or another
    /// screen, is presented.
    case presented(Event)
    /// Dismisses the presented screen: what a swipe, a cancel button, or a child's
    /// ``Effect/dismiss`` sends. The parent sees it first, while the screen is still
    /// there; then the screen leaves, unless the parent presented another in its place.
    case dismiss
}

extension PresentationEvent {
    /// The same event for a screen seen from further out: a presented event embedded
    /// with `embed`, a dismissal kept.
    ///
    /// ```swift
    /// let answer: PresentationEvent<Alert> = .presented(.confirmDeletion)
    /// #expect(answer.map(Destination.Event.alert) == .presented(.alert(.confirmDeletion)))
    /// ```
    ///
    /// - Parameter embed: Turns the screen's event into the outer one.
    /// - Returns: The event in the outer type.
    @inlinable
    public func map<Outer>(_ embed: (Event) -> Outer) -> PresentationEvent<Outer> {
        switch self {
        case .presented(let event): .presented(embed(event))
        case .dismiss: .dismiss
        }
    }
}

extension PresentationEvent: Sendable where Event: Sendable {}
extension PresentationEvent: Equatable where Event: Equatable {}
extension PresentationEvent: Hashable where Event: Hashable {}
extension PresentationEvent: Codable where Event: Codable {}
