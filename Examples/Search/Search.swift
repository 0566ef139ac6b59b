import EffectEngine
import EffectEngineCLI

/// Live search over a word list: each query waits for the typing to pause (a debounced
/// task), then searches; a new query replaces the waiting or running search, so results
/// of a stale query are never shown.
///
/// ```text
/// $ printf 'query ap\n' | search --settle --virtual-time
/// query "" — type query <text>
/// query "ap" — searching…
/// query "ap" — 16 matches: appear, apple, apply, apricot, april, …
/// ```
enum Search {
    /// What the search shows.
    struct State: Hashable, Sendable, Codable {
        /// The text searched for.
        var query = ""
        /// The words matching ``query``, once searched.
        var matches: [String] = []
        /// Whether a search for ``query`` is under way.
        var isSearching = false

        /// `--state` and journals keep the query and its matches; a search in flight does
        /// not survive the run.
        private enum CodingKeys: String, CodingKey {
            case query, matches
        }
    }

    /// What can happen to the search.
    enum Event: Equatable, Sendable, Codable {
        /// The user typed a new query.
        case query(String)
        /// The search for `query` found `matches`.
        case matchesFound(query: String, matches: [String])
    }

    /// The name of the search task; a new query replaces it.
    static let searchTask = "search"

    /// How long a query must stay unchanged before it is searched.
    static let debounce = Duration.milliseconds(300)

    /// How many matches the rendering lists.
    static let shownMatches = 5

    /// The search's transition function.
    ///
    /// ```swift
    /// var state = Search.State()
    /// #expect(Search.update(state: &state, event: .query("ap"))?.summary
    ///     == .task(name: "search", debounce: Search.debounce))
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .query(let text):
            state.query = text
            state.matches = []
            guard !text.isEmpty else {
                state.isSearching = false
                return .cancel(searchTask)
            }
            state.isSearching = true
            return .task(name: searchTask, debounce: debounce) { input, env in
                let matches = try await env.search(text)
                input(.matchesFound(query: text, matches: matches))
            }
        case .matchesFound(let query, let matches):
            guard query == state.query else { return nil }
            state.matches = matches
            state.isSearching = false
            return nil
        }
    }

    /// The search as one line: the query, then `searching…` or the matches.
    static func render(_ state: State) -> String {
        let head = "query \"\(state.query)\" — "
        if state.query.isEmpty { return head + "type query <text>" }
        if state.isSearching { return head + "searching…" }
        let count = state.matches.count == 1 ? "1 match" : "\(state.matches.count) matches"
        guard !state.matches.isEmpty else { return head + count }
        let shown = state.matches.prefix(shownMatches).joined(separator: ", ")
        return head + count + ": " + shown + (state.matches.count > shownMatches ? ", …" : "")
    }

    /// The line protocol: `query <text>`.
    static let commands = LineCommands<State, Event>([
        LineCommand.text(
            "query", placeholder: "text", summary: "search the word list for text (empty clears)"
        ) {
            .query($0)
        }
    ])
}
