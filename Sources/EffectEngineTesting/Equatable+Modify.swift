import EffectEngine
import EffectEngineShared

// T13: an expectation changes one field of a value in an enum case in place (TCA's
// `$0.modify(\.login) { … }`, `$0.path[id: 0]?.modify(\.detail) { … }`), with no macro:
// the case is named by its constructor, a `CasePath` made from it.

extension Equatable {
    /// Changes, in place, the value this enum holds in the case `embed` constructs: one
    /// field of a screen of a stack, of a destination, or of a root state that is one of
    /// several screens, with no restating of the rest. Fails the test, changing nothing,
    /// when the value is in another case.
    ///
    /// ```swift
    /// await host.send(.logIn) {
    ///     $0.modify(App.State.loggedOut) { $0.isLoggingIn = true }
    /// }
    /// await host.send(.path(.element(id: 0, event: .detail(.deleteTapped)))) {
    ///     $0.path[id: 0].modify(Path.State.detail) { $0.1.alert = .confirmDeletion }
    /// }
    /// ```
    ///
    /// A stack's element (`path[id: 0]`) is an optional: the constructor of the element's
    /// case names it as it is, and a missing element fails as another case does.
    ///
    /// - Parameters:
    ///   - embed: The constructor of the case, or a closure nesting cases.
    ///   - body: Changes the case's value.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public mutating func modify<Value>(
        _ embed: @escaping @Sendable (Value) -> Self,
        _ body: (inout Value) throws -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) rethrows {
        guard try CasePath(embed).modify(&self, body) else {
            return CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                "modify found \(StateDiff.render(self)), which is not in the case holding "
                    + "\(TypeName.withArticle(Value.self)) given: nothing was changed.")
        }
    }

    /// Changes, in place, the pair of values this enum holds in the case `embed`
    /// constructs, a case with two values: ``modify(_:_:fileID:filePath:line:column:)-((Value)->Self,_,_,_,_,_)``
    /// for a screen kept with the id of the record it shows.
    ///
    /// ```swift
    /// $0.path[id: 0].modify(Path.State.detail) { $0.1.destination = nil }
    /// ```
    ///
    /// - Parameters:
    ///   - embed: The constructor of the case.
    ///   - body: Changes the case's values, as a pair.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public mutating func modify<First, Second>(
        _ embed: @escaping @Sendable (First, Second) -> Self,
        _ body: (inout (First, Second)) throws -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) rethrows {
        try modify(
            CasePath(embed).embed, body, fileID: fileID, filePath: filePath,
            line: line, column: column)
    }
}
