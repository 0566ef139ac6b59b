#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a failure found at run time was written: a stand-in's call site.
package struct IssueSite: Sendable {
    package let fileID: StaticString
    package let filePath: StaticString
    package let line: UInt
    package let column: UInt

    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// What reports a failure to the test framework running: EffectEngineTesting's
/// `TestIssueReporter`, found at run time, so that the core imports neither XCTest nor
/// Testing and a library target can hold `unimplemented` stand-ins (T13).
package protocol IssueReporter: SendableMetatype {
    /// Fails the running test at `site`.
    static func reportIssue(_ message: String, at site: IssueSite)
}

/// How the core reports a failure a test must see: through the reporter of
/// EffectEngineTesting when it is linked into the process (every test that imports it),
/// else on standard error.
package enum IssueReporting {
    /// The mangled name of EffectEngineTesting's reporter: found by name, never linked.
    static let reporterName = "19EffectEngineTesting17TestIssueReporterV"

    /// The reporter, looked up once.
    static let reporter: (any IssueReporter.Type)? = _typeByName(reporterName) as? any IssueReporter.Type

    /// Fails the running test at `site`, or, with no test framework, says so on standard
    /// error.
    package static func report(_ message: String, at site: IssueSite) {
        if let reporter { return reporter.reportIssue(message, at: site) }
        var text = "\(site.fileID):\(site.line): \(message)\n"
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
