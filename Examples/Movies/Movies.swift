import EffectEngine
import EffectEngineCLI

/// The refresh flow: `refresh` loads a page of movies from a service, `select N` picks
/// one, `clear` drops the selection. The rendering shows loading, the list, the
/// selection and a failed refresh. A number that names no movie is refused in the
/// feature's words (`no movie 9: pick 1 to 5`), and the state stays as it was.
///
/// ```text
/// $ printf 'refresh\nselect 5\n' | movies --settle
/// movies: none loaded — type refresh
/// movies: loading…
/// movies: 5 loaded
///   1. Arrival (2016)
///   ...
///   5. Heat (1995)
/// movies: 5 loaded
///   1. Arrival (2016)
///   ...
/// > 5. Heat (1995)
/// selected: Heat (1995)
/// ```
enum Movies {
    /// One movie of a page.
    struct Movie: Hashable, Sendable, Codable {
        /// The title.
        var title: String
        /// The year of release.
        var year: Int
    }

    /// What the screen shows.
    struct State: Hashable, Sendable, Codable {
        /// The loaded page.
        var movies: [Movie] = []
        /// Whether a refresh is under way.
        var isLoading = false
        /// The selected movie's number, from 1.
        var selection: Int?
        /// Why the last refresh failed.
        var error: String?

        /// `--state` and journals keep the page, the selection and the error; a refresh
        /// in flight does not survive the run.
        private enum CodingKeys: String, CodingKey {
            case movies, selection, error
        }
    }

    /// What can happen on the screen.
    enum Event: Equatable, Sendable, Codable {
        /// Load the page again.
        case refresh
        /// The page arrived.
        case loaded([Movie])
        /// The service failed.
        case failed(String)
        /// Select the movie with this number, from 1; refused when no movie has it.
        case select(Int)
        /// Drop the selection and any error.
        case clear
    }

    /// The name of the loading task; a new refresh replaces it.
    static let refreshTask = "refresh"

    /// The screen's transition function.
    ///
    /// ```swift
    /// var state = Movies.State()
    /// #expect(Movies.update(state: &state, event: .refresh)?.summary == .task(name: "refresh"))
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .refresh:
            state.isLoading = true
            state.error = nil
            return .task(name: refreshTask) { input, env in
                do {
                    input(.loaded(try await env.service.fetchPage()))
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    input(.failed("\(error)"))
                }
            }
        case .loaded(let movies):
            state.isLoading = false
            state.movies = movies
            if let selection = state.selection, !movies.indices.contains(selection - 1) {
                state.selection = nil
            }
            return nil
        case .failed(let message):
            state.isLoading = false
            state.error = message
            return nil
        case .select(let number):
            // Compared without `number - 1`, which overflows for `select -9223372036854775808`.
            guard number >= 1, number <= state.movies.count else {
                return .reject(
                    state.movies.isEmpty
                        ? "nothing to select — refresh first"
                        : "no movie \(number): pick 1 to \(state.movies.count)")
            }
            state.selection = number
            state.error = nil
            return nil
        case .clear:
            state.selection = nil
            state.error = nil
            return nil
        }
    }

    /// The screen as text: a status line, the numbered list with `>` at the selection,
    /// and the selection or the error.
    static func render(_ state: State) -> String {
        var lines: [String] = []
        if state.isLoading {
            lines.append("movies: loading…")
        } else if state.movies.isEmpty {
            lines.append("movies: none loaded — type refresh")
        } else {
            lines.append("movies: \(state.movies.count) loaded")
        }
        for (index, movie) in state.movies.enumerated() {
            let marker = state.selection == index + 1 ? ">" : " "
            lines.append("\(marker) \(index + 1). \(movie.title) (\(movie.year))")
        }
        if let selection = state.selection {
            let movie = state.movies[selection - 1]
            lines.append("selected: \(movie.title) (\(movie.year))")
        }
        if let error = state.error { lines.append("failed: \(error)") }
        return lines.joined(separator: "\n")
    }

    /// The line protocol: `refresh`, `select <n>`, `clear`.
    static let commands = LineCommands<State, Event>([
        LineCommand("refresh", summary: "load a page of movies", event: .refresh),
        LineCommand.value("select", placeholder: "n", summary: "select movie n, from 1") { (number: Int) in
            .select(number)
        },
        LineCommand("clear", summary: "drop the selection and any error", event: .clear),
    ])
}
