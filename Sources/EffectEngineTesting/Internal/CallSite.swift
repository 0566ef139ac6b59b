import Testing
import XCTest

/// Where an assertion was written, reported with its failure (T6).
struct CallSite: Sendable, CustomStringConvertible {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// `File.swift:12`, as a message names a place.
    var description: String { "\(fileID):\(line)" }

    var sourceLocation: SourceLocation {
        SourceLocation(
            fileID: String(describing: fileID), filePath: String(describing: filePath),
            line: Int(line), column: Int(column))
    }

    /// Fails the running test through the framework running it, chosen at run time:
    /// Swift Testing when a test of it is current, XCTest otherwise.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }

    /// Shows a skipped assertion of a non-exhaustive test as a known issue, which does not
    /// fail the test. Under XCTest, which has no such channel on Linux, nothing is shown.
    func noteSkipped(_ message: String) {
        guard Test.current != nil else { return }
        withKnownIssue(isIntermittent: true, sourceLocation: sourceLocation) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}
