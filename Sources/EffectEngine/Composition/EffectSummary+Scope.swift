extension EffectSummary {
    /// The summary of ``Effect/cancel(scope:)``: a cancel of the name `scope/`.
    ///
    /// ```swift
    /// #expect(Effect<Int, Void>.cancel(scope: "rows/7").summary == .cancel(scope: "rows/7"))
    /// #expect(EffectSummary.cancel(scope: "rows/7") == .cancel("rows/7/"))
    /// ```
    ///
    /// - Parameter scope: The scope; a trailing `/` is optional.
    /// - Returns: `.cancel("scope/")`, or an empty sequence for an empty scope.
    public static func cancel(scope: String) -> EffectSummary {
        guard let prefix = ScopePath.prefix(scope) else { return .sequence([]) }
        return .cancel(prefix)
    }
}
