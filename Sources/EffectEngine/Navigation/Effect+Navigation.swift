extension Effect {
    /// What a screen enum's `update` returns for an event of a screen that is not the one
    /// shown: the stack or destination running it drops the event, leaves the state as it
    /// was, and reports it as ``Diagnostic/childMissing(scope:event:)`` (N1, N2).
    ///
    /// A destination or a stack element is often an enum with a case per screen. Its
    /// `update` switches over the state and the event together, a case per screen, and
    /// ends with this:
    ///
    /// ```swift
    /// static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
    ///     switch (state, event) {
    ///     case (.alert, .alert):
    ///         return .dismiss
    ///     case (.edit(var form), .edit(let event)):
    ///         defer { state = .edit(form) }
    ///         return SyncUpForm.update(state: &form, event: event)?.map(Event.edit)
    ///     default:
    ///         return .notPresented
    ///     }
    /// }
    /// ```
    public static var notPresented: Effect { .report(.notPresentedMarker) }

    /// Whether this is ``notPresented``, as a screen enum's `update` returned it.
    @inlinable
    var isNotPresented: Bool {
        guard case .report(let problem) = self else { return false }
        return problem.isNotPresentedMarker
    }
}

extension Diagnostic {
    /// What ``Effect/notPresented`` carries until the helper running the screen names
    /// where it was and what the event was.
    @usableFromInline
    static var notPresentedMarker: Diagnostic { .childMissing(scope: "", event: "") }

    /// Whether this is the marker of ``Effect/notPresented``.
    @usableFromInline
    var isNotPresentedMarker: Bool {
        guard case .childMissing(let scope, let event) = self else { return false }
        return scope.isEmpty && event.isEmpty
    }
}
