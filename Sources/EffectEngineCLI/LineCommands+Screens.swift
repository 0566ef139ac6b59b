import EffectEngine

// Commands for apps of many screens (N7): a screen's commands lifted into the app's, the
// commands that answer an alert, and commands joined.

extension LineCommands {
    /// These commands, for a screen shown inside a larger state: a line is parsed at the
    /// screen's state, `state(root)`, and its event embedded with `event`.
    ///
    /// ```swift
    /// SyncUpDetail.commands.scoped(
    ///     state: { $0.detail(id) }, event: { .path(.element(id: id, event: .detail($0))) })
    /// ```
    ///
    /// A line typed when the screen is no longer shown is refused.
    ///
    /// - Parameters:
    ///   - project: The screen's state within the larger one, `nil` when it is not shown.
    ///   - embed: Turns the screen's event into the larger feature's.
    /// - Returns: The same commands, at the larger state.
    public func scoped<Root, RootEvent: Sendable>(
        state project: @escaping @Sendable (Root) -> State?,
        event embed: @escaping @Sendable (Event) -> RootEvent
    ) -> LineCommands<Root, RootEvent> {
        if choose != nil {
            return LineCommands<Root, RootEvent> { root in
                guard let state = project(root) else { return LineCommands<Root, RootEvent>([]) }
                return self.at(state).scoped(state: project, event: embed)
            }
        }
        return LineCommands<Root, RootEvent>(
            commands.enumerated().compactMap { position, command in
                guard positions[command.name] == position else { return nil }
                return LineCommand(command.name, usage: command.usage, summary: command.summary) {
                    argument, root throws(LineError) in
                    guard let state = project(root) else {
                        throw LineError(usage: "\(LineError.quote(command.name)) is for a screen no longer shown")
                    }
                    return embed(try command.parse(argument, state))
                }
            })
    }

    /// These commands, then those of `other` whose names these do not already use: a
    /// screen's own commands and those every screen has (`back`, say).
    ///
    /// ```swift
    /// Detail.commands.scoped(...).appending(back)
    /// ```
    ///
    /// - Parameter other: More commands, for the same state.
    /// - Returns: The commands of both; a name both use is this one's.
    public func appending(_ other: LineCommands) -> LineCommands {
        if choose != nil || other.choose != nil {
            return LineCommands { state in self.at(state).appending(other.at(state)) }
        }
        return LineCommands(commands + other.commands.filter { positions[$0.name] == nil })
    }

    /// The commands that answer an alert or a confirmation dialog shown on top: a
    /// button's number (`1`, `2`…, as `AlertState.lineText` shows them) chooses it,
    /// sending its action, or dismissing the alert for a button with none (N4, N7).
    ///
    /// ```swift
    /// if let alert = state.alert {
    ///     return .alert(alert) { .alert($0) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - alert: The alert shown.
    ///   - answer: Turns the answer into the feature's event.
    /// - Returns: One command per button shown.
    public static func alert<Action: Sendable>(
        _ alert: AlertState<Action>, answer: @escaping @Sendable (PresentationEvent<Action>) -> Event
    ) -> LineCommands {
        LineCommands(
            alert.shownButtons.enumerated().map { offset, button in
                let choice: PresentationEvent<Action> = button.action.map { .presented($0) } ?? .dismiss
                return LineCommand(String(offset + 1), summary: button.lineLabel, event: answer(choice))
            })
    }
}

extension AlertState {
    /// The alert as the line host shows it: its kind and title, its message, and its
    /// buttons numbered for the commands of ``LineCommands/alert(_:answer:)``.
    ///
    /// ```swift
    /// print(AlertState.deleteSyncUp.lineText)
    /// // alert: Delete?
    /// //   Are you sure you want to delete this meeting?
    /// //   1) Yes (destructive)
    /// //   2) Nevermind (cancel)
    /// ```
    public var lineText: String {
        var lines = [(style == .alert ? "alert: " : "dialog: ") + title]
        if let message { lines.append("  " + message) }
        for (offset, button) in shownButtons.enumerated() { lines.append("  \(offset + 1)) \(button.lineLabel)") }
        return lines.joined(separator: "\n")
    }
}

extension ButtonState {
    /// The label, with the role when it has one: `Yes (destructive)`.
    var lineLabel: String {
        role.map { "\(label) (\($0.rawValue))" } ?? label
    }
}
