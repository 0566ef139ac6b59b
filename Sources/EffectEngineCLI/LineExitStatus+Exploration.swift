extension LineExitStatus {
    /// `--explore` found a property that fails: a broken invariant, an unreachable
    /// state, a dead end or a cut chain.
    ///
    /// ```swift
    /// #expect(status == LineExitStatus.propertyFailed)
    /// ```
    public static let propertyFailed: Int32 = 1
    /// A file the program was asked to write could not be written (`EX_CANTCREAT`).
    ///
    /// ```swift
    /// #expect(status == LineExitStatus.cannotWrite)
    /// ```
    public static let cannotWrite: Int32 = 73
}
