// The parts of a path, found by the project's own code: Foundation's
// `NSString.deletingLastPathComponent` traps on a one-character name such as `a` (checked
// with Swift 6.3.1 on Linux), and a path comes from a user, who may type anything.

/// The parts of a file's path, as plain text: no call that can trap, whatever the path
/// holds (empty, `/`, trailing slashes, any bytes).
///
/// ```swift
/// PathName.directory(of: "a")          // "."
/// PathName.directory(of: "/a")         // "/"
/// PathName.directory(of: "logs/a.json") // "logs"
/// PathName.lastComponent(of: "logs/a.json") // "a.json"
/// ```
package enum PathName {
    /// The directory the file at `path` is in: `.` for a bare name, `/` for a file at the
    /// root. Slashes at the end of `path` are not a component: `a/b/` is in `a`.
    package static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1 && bytes[end - 1] == slash { end -= 1 }
        guard let last = bytes[..<end].lastIndex(of: slash) else { return "." }
        var cut = last
        while cut > 0 && bytes[cut - 1] == slash { cut -= 1 }
        return cut == 0 ? "/" : String(decoding: bytes[..<cut], as: UTF8.self)
    }

    /// The name of the file at `path`, without its directory: `a.json` for
    /// `logs/a.json`; empty for `/` or an empty path. Slashes at the end are dropped.
    package static func lastComponent(of path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 0 && bytes[end - 1] == slash { end -= 1 }
        let start = bytes[..<end].lastIndex(of: slash).map { $0 + 1 } ?? 0
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether `path` ends with a slash: it names a directory, never a file to write.
    package static func namesDirectory(_ path: String) -> Bool {
        path.utf8.last == slash
    }

    private static let slash = UInt8(ascii: "/")
}
