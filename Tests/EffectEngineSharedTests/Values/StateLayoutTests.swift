import EffectEngineShared
import Testing

private struct Movie: Equatable {
    var title: String
    var year: Int
}

private enum Phase: Equatable {
    case idle
    case failed(message: String, code: Int)
}

private struct Library: Equatable {
    var name = "home"
    var movies: [Movie] = []
    var tags: Set<String> = []
    var ratings: [String: Int] = [:]
    var selection: Int? = nil
    var phase = Phase.idle
    var wait = Duration.seconds(2)
}

/// A root state that is one of two screens.
private enum Screen: Equatable {
    case loggedOut(Int)
    case loggedIn(Int)
    case game(Library)
}

@Suite struct StateLayoutTests {
    @Test func aRootEnumSaysWhichCaseItIsIn() {
        #expect(StateLayout.text(Screen.loggedOut(1)) == "loggedOut: 1")
        #expect(StateLayout.text(Screen.loggedIn(1)) == "loggedIn: 1")
        let game = StateLayout.text(Screen.game(Library()))
        #expect(game.hasPrefix("game:\n  name: \"home\"\n"), "\(game)")
    }

    @Test func fieldsAreOneALineWithNoModuleNames() {
        #expect(
            StateLayout.text(Library()) == """
                name: "home"
                movies: []
                tags: Set([])
                ratings: [:]
                selection: nil
                phase: .idle
                wait: 2.0 seconds
                """)
    }

    @Test func longValuesAreLaidOutBelowTheirField() {
        var library = Library()
        library.movies = [
            Movie(title: "Arrival", year: 2016), Movie(title: "Blade Runner", year: 1982),
        ]
        library.ratings = ["b": 2, "a": 1]
        library.selection = 2
        library.phase = .failed(message: "the service did not answer in time, twice", code: 504)
        #expect(
            StateLayout.text(library) == """
                name: "home"
                movies:
                  - Movie(title: "Arrival", year: 2016)
                  - Movie(title: "Blade Runner", year: 1982)
                tags: Set([])
                ratings: ["a": 1, "b": 2]
                selection: 2
                phase: .failed
                  message: "the service did not answer in time, twice"
                  code: 504
                wait: 2.0 seconds
                """)
    }

    @Test func elementsTooLongForALineAreLaidOutToo() {
        let long = String(repeating: "x", count: 60)
        var library = Library()
        library.movies = [Movie(title: long, year: 1)]
        #expect(
            StateLayout.text(library).contains(
                """
                movies:
                  - title: "\(long)"
                    year: 1
                tags:
                """))
    }

    @Test func aValueWithNoFieldsIsOneLine() {
        #expect(StateLayout.text(42) == "42")
        #expect(StateLayout.text("hi") == "\"hi\"")
        #expect(StateLayout.text(Optional<Int>.none as Any) == "nil")
    }
}
