/// A screen's state when the screen shows and edits a value its parent keeps: the value,
/// lent by the parent while the screen runs, and the screen's own state (N6).
///
/// A record shown on several screens (a list, its detail, a screen recording it) lives
/// once, in the parent's state; each screen keeps only what is its own, and its `update`
/// runs on a projection of the two. Whatever the screen changes in ``value`` is in the
/// parent's state in the same transition, with no code copying it back, and the screens
/// never hold a copy that could go stale. A projection is a value like any other state:
/// `Equatable`, `Hashable`, `Codable` and `Sendable` when its parts are, so a screen is
/// tested, explored and journaled on its own as it runs inside the app.
///
/// ```swift
/// enum RecordMeeting {
///     struct Own: Hashable, Codable, Sendable { var secondsElapsed = 0 }
///     typealias State = Projection<SyncUp, Own>
///
///     static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
///         switch event {
///         case .timerTick:
///             state.secondsElapsed += 1              // its own state, read through
///             if state.secondsElapsed == state.value.duration { state.value.meetings.insert(…) }
///             return nil
///         }
///     }
/// }
/// ```
///
/// A stack lends its screens a part of its parent with
/// ``Compose/stack(_:sharing:in:event:scope:child:embed:env:update:appear:parent:)``; a
/// screen enum's `update` runs the screen a case holds with `run(_:showing:as:update:event:)`,
/// which narrows a lent collection to the element the screen shows.
@dynamicMemberLookup
public struct Projection<Value, Own> {
    /// The value the screen shows, which its parent keeps.
    public var value: Value
    /// What the screen keeps itself.
    public var own: Own

    /// A projection of `value` and `own`: how a screen runs on its own, in a test.
    ///
    /// ```swift
    /// let host = TestHost(initialState: RecordMeeting.State(value: .mock, own: .init()), …)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the screen shows.
    ///   - own: The screen's own state.
    @inlinable
    public init(value: Value, own: Own) {
        self.value = value
        self.own = own
    }

    /// A field of the screen's own state, read and written as if it were the
    /// projection's: `state.secondsElapsed` for `state.own.secondsElapsed`.
    @inlinable
    public subscript<Field>(dynamicMember field: WritableKeyPath<Own, Field>) -> Field {
        get { own[keyPath: field] }
        set { own[keyPath: field] = newValue }
    }

    /// Runs a screen a case of this projection's own state holds, on the same value: the
    /// projection of `value` and `part` is handed to `update`, then `value` and the case,
    /// `embed(part)`, are put back.
    ///
    /// ```swift
    /// case (.list(let list), .list(let event)):
    ///     return state.run(list, as: State.list, update: SyncUpsList.update, event: event)?.map(Event.list)
    /// ```
    ///
    /// - Parameters:
    ///   - part: The screen's own state, as the case holds it.
    ///   - embed: Puts the screen's own state back into the case.
    ///   - update: The screen's `update`.
    ///   - event: The screen's event.
    /// - Returns: What the screen's `update` returned.
    @inlinable
    public mutating func run<Part, Event, Env>(
        _ part: Part, as embed: (Part) -> Own,
        update: (inout Projection<Value, Part>, Event) -> Effect<Event, Env>?, event: Event
    ) -> Effect<Event, Env>? {
        var screen = Projection<Value, Part>(value: value, own: part)
        let effect = update(&screen, event)
        value = screen.value
        own = embed(screen.own)
        return effect
    }
}

extension Projection where Value: MutableCollection, Value.Element: Identifiable {
    /// Runs a screen that shows one element of the lent collection: the projection of the
    /// element with `id` and `part` is handed to `update`, then the element and the case,
    /// `embed(part)`, are put back. When the collection no longer holds `id` (the record
    /// was deleted under the screen), nothing runs and the answer is
    /// ``Effect/notPresented``: the stack drops the event and reports it.
    ///
    /// ```swift
    /// case (.detail(let id, let detail), .detail(let event)):
    ///     return state.run(detail, showing: id, as: { .detail(id, $0) },
    ///                      update: SyncUpDetail.update, event: event)?.map(Event.detail)
    /// ```
    ///
    /// - Parameters:
    ///   - part: The screen's own state, as the case holds it.
    ///   - id: The id of the element the screen shows.
    ///   - embed: Puts the screen's own state back into the case.
    ///   - update: The screen's `update`.
    ///   - event: The screen's event.
    /// - Returns: What the screen's `update` returned, or `.notPresented`.
    @inlinable
    public mutating func run<Part, Event, Env>(
        _ part: Part, showing id: Value.Element.ID, as embed: (Part) -> Own,
        update: (inout Projection<Value.Element, Part>, Event) -> Effect<Event, Env>?, event: Event
    ) -> Effect<Event, Env>? {
        guard let index = value.firstIndex(where: { $0.id == id }) else { return .notPresented }
        var screen = Projection<Value.Element, Part>(value: value[index], own: part)
        let effect = update(&screen, event)
        value[index] = screen.value
        own = embed(screen.own)
        return effect
    }

    /// The projection of the element with `id` and `part`, read only: what a screen
    /// that shows that element renders. `nil` when the collection no longer holds `id`.
    ///
    /// ```swift
    /// if let detail = state.projection(of: detailState, showing: id) { print(SyncUpDetail.render(detail)) }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The screen's own state.
    ///   - id: The id of the element the screen shows.
    /// - Returns: The screen's projection.
    @inlinable
    public func projection<Part>(of part: Part, showing id: Value.Element.ID) -> Projection<Value.Element, Part>? {
        value.first(where: { $0.id == id }).map { Projection<Value.Element, Part>(value: $0, own: part) }
    }
}

extension Projection: Equatable where Value: Equatable, Own: Equatable {}
extension Projection: Hashable where Value: Hashable, Own: Hashable {}
extension Projection: Sendable where Value: Sendable, Own: Sendable {}
extension Projection: Codable where Value: Codable, Own: Codable {}
