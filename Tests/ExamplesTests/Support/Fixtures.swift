import Foundation

/// The journals recorded from the command line and replayed by the tests, in
/// `Tests/ExamplesTests/Fixtures/` (excluded from the target: read by path).
enum FixturePath {
    /// The folder of the fixtures.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `printf … | swift run todos --settle --virtual-time --record todos.journal`: see its test.
    static var todosJournal: String { directory.appendingPathComponent("todos.journal").path }

    /// `printf … | swift run weather --settle --virtual-time --record weather.journal`: see its test.
    static var weatherJournal: String { directory.appendingPathComponent("weather.journal").path }
}
