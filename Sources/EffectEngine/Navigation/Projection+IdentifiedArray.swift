extension Projection {
    /// Runs a screen that shows one row of lent ``IdentifiedArray`` rows, found by id in
    /// O(1): the projection of the row with `id` and `part` is handed to `update`, then the
    /// row and the case, `embed(part)`, are put back. When the rows no longer hold `id`
    /// (the row was deleted under the screen), nothing runs and the answer is
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
    ///   - id: The id of the row the screen shows.
    ///   - embed: Puts the screen's own state back into the case.
    ///   - update: The screen's `update`.
    ///   - event: The screen's event.
    /// - Returns: What the screen's `update` returned, or `.notPresented`.
    @inlinable
    public mutating func run<Row, Part, Event, Env>(
        _ part: Part, showing id: Row.ID, as embed: (Part) -> Own,
        update: (inout Projection<Row, Part>, Event) -> Effect<Event, Env>?, event: Event
    ) -> Effect<Event, Env>? where Value == IdentifiedArray<Row> {
        guard let index = value.index(id: id) else { return .notPresented }
        var screen = Projection<Row, Part>(value: value[index], own: part)
        let effect = update(&screen, event)
        value[index] = screen.value
        own = embed(screen.own)
        return effect
    }

    /// The projection of the row with `id` and `part`, read only: what a screen that shows
    /// that row renders. `nil` when the rows no longer hold `id`.
    ///
    /// ```swift
    /// if let detail = state.projection(of: detailState, showing: id) { print(SyncUpDetail.render(detail)) }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The screen's own state.
    ///   - id: The id of the row the screen shows.
    /// - Returns: The screen's projection.
    @inlinable
    public func projection<Row, Part>(of part: Part, showing id: Row.ID) -> Projection<Row, Part>?
    where Value == IdentifiedArray<Row> {
        value[id: id].map { Projection<Row, Part>(value: $0, own: part) }
    }
}
