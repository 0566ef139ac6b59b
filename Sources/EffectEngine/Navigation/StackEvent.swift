/// An event of a navigation stack: for one of its screens, or about the stack itself
/// (N1). A parent's event type embeds it, `case path(StackEvent<Path.State, Path.Event>)`,
/// and ``Compose/stack(_:in:event:scope:child:embed:env:update:appear:parent:)`` carries it
/// out.
///
/// ```swift
/// enum Event: Sendable {
///     case path(StackEvent<Path.State, Path.Event>)
/// }
/// host.send(.path(.element(id: 0, event: .detail(.editButtonTapped))))
/// host.send(.path(.popFrom(id: 0)))
/// ```
public enum StackEvent<Element, ElementEvent> {
    /// An event for the screen with `id`: its feature's `update` runs on it. When the
    /// stack no longer holds `id`, the event is dropped and reported, never applied to
    /// another screen.
    case element(id: StackElementID, event: ElementEvent)
    /// Pops the screen with `id` and every screen above it: what a back button, a swipe,
    /// or a child's ``Effect/dismiss`` sends. A pop of an id the stack no longer holds
    /// changes nothing and is reported.
    case popFrom(id: StackElementID)
    /// Pushes `state` under `id`, which must be the stack's ``StackState/nextID`` or
    /// above: what a link that names the screen to show sends. A push under an id handed
    /// out before is refused.
    case push(id: StackElementID, state: Element)
}

extension StackEvent: Sendable where Element: Sendable, ElementEvent: Sendable {}
extension StackEvent: Equatable where Element: Equatable, ElementEvent: Equatable {}
extension StackEvent: Hashable where Element: Hashable, ElementEvent: Hashable {}
extension StackEvent: Codable where Element: Codable, ElementEvent: Codable {}
