import EffectEngine
import EffectEngineShared

/// An exploration drawn as one self-contained HTML page: the graph laid out by depth
/// (the breadth-first layers), the failures and their shortest traces highlighted, and
/// each state's fields shown on hover or click. Made by
/// ``ExplorationReport/page(title:drawLimit:state:event:)``.
///
/// A graph of more than `drawLimit` states is not drawn: the page then shows how many
/// states each depth holds, how many break an invariant or are dead ends, and draws each
/// failure's trace on its own. Like the journal's page, it loads nothing: style, script
/// and data are inline.
///
/// ```swift
/// let report = try Movies.explorer(env: .mock).explore(depth: 8, graph: true)
/// let page = report.page(title: "movies", state: Movies.render)
/// try page.html.write(toFile: "movies.html", atomically: true, encoding: .utf8)
/// ```
public struct ExplorationPage: Sendable {
    /// The page.
    public let html: String
    /// Whether it draws the whole graph; `false` when it summarises the layers.
    public let drawsGraph: Bool
    /// The states it draws: all the graph's, or none when it summarises.
    public let states: Int
    /// The transitions it draws.
    public let transitions: Int
}

extension ExplorationReport where State: Hashable {
    /// Draws the exploration as a page: ``ExplorationPage``.
    ///
    /// The graph comes from an exploration made with `graph: true`; without one, the
    /// page shows the report and the failures' traces only. Each state's fields are read
    /// with `Mirror` and laid out as the line host's `:state` shows them.
    ///
    /// ```swift
    /// let page = try explorer.explore(depth: 8, graph: true).page(title: "movies", state: Movies.render)
    /// #expect(page.states == 42 && page.transitions == 252)
    /// ```
    ///
    /// - Parameters:
    ///   - title: The page's title.
    ///   - drawLimit: The most states drawn as a graph; past it the layers are summarised.
    ///   - state: A state's label in the graph, its first line shown; `String(describing:)`
    ///     when `nil`.
    ///   - event: An event's label on its transitions; the event as a trace shows it when
    ///     `nil`.
    /// - Returns: The page.
    public func page(
        title: String = "Exploration", drawLimit: Int = 1_500, state: ((State) -> String)? = nil,
        event: ((Event) -> String)? = nil
    ) -> ExplorationPage {
        let data = ExplorationPageData(
            report: self, title: title, drawLimit: drawLimit, stateLabel: state, eventLabel: event)
        let html = PageDocument.html(
            title: title, style: ExplorationPageScript.style, body: ExplorationPageScript.body, data: data.json,
            script: ExplorationPageScript.script)
        return ExplorationPage(
            html: html, drawsGraph: data.drawsGraph, states: data.drawsGraph ? graph?.nodes.count ?? 0 : 0,
            transitions: data.drawsGraph ? graph?.edges.count ?? 0 : 0)
    }
}
