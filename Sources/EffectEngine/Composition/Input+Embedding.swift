extension Input {
    /// An input for a child feature: every event sent through it is embedded into this
    /// input's event type and sent through this input, which keeps its identity.
    ///
    /// A task's input carries the task's identity, so the child's input does too: once
    /// the task is cancelled, what the child sends is dropped (R7), and an
    /// ``perform(_:)`` made through it keeps the task's `perform` tree open (R10). This is
    /// what ``Effect/map(_:env:scope:)`` hands a child's task (C1); a new `Input { }`
    /// would lose both.
    ///
    /// ```swift
    /// return .task(name: "row") { input, env in
    ///     try await Row.download(input.embedding { .row(id: 7, $0) }, env.row)
    /// }
    /// ```
    ///
    /// - Parameter embed: Turns a child's event into one of this input's events.
    /// - Returns: An input of the child's events.
    public func embedding<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Event) -> Input<Child> {
        Input<Child>(sink: EmbeddingSink(parent: sink, embed: embed), origin: origin)
    }
}
