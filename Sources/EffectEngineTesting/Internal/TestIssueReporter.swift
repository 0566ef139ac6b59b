import EffectEngine

/// The reporter the core finds by name to fail a test from code that imports neither
/// XCTest nor Testing, such as an `unimplemented` stand-in in a library target (T13).
/// Its name is `IssueReporting.reporterName`: rename both or neither.
struct TestIssueReporter: IssueReporter {
    static func reportIssue(_ message: String, at site: IssueSite) {
        CallSite(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column).fail(message)
    }
}
