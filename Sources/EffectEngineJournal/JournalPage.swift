import EffectEngine
import EffectEngineShared

/// A journal as one self-contained HTML page: the events on a timeline with their causes,
/// the tasks as bars from start to end, each step's diff, the whole state at any step,
/// and a search box. Made by ``Journal/page(initialState:title:update:)``.
///
/// The page loads nothing: its style, script and data are inline, and its content
/// security policy forbids any request, so it opens from a file, offline, attached to a
/// bug report. It holds the initial state and each step's changes to it, not every
/// state, and draws only the rows on screen, so a run of 100,000 events stays a page of a
/// few megabytes that opens in about a second.
///
/// ```swift
/// let journal = try Journal<Search.Event>.read(from: "bug-1234.journal")
/// let page = journal.page(initialState: try journal.initialState(Search.State.self) ?? Search.State(),
///                         update: Search.update)
/// try page.html.write(toFile: "bug-1234.html", atomically: true, encoding: .utf8)
/// ```
public struct JournalPage: Sendable {
    /// The page.
    public let html: String
    /// How many events it shows: the journal's entries.
    public let events: Int
    /// How many tasks it draws.
    public let tasks: Int
    /// The steps whose replay through `update` gave another effect or state than the
    /// journal records, from 1; empty when the replay matches the journal.
    public let differingSteps: [Int]
}

extension Journal {
    /// Draws the journal as a page: ``JournalPage``.
    ///
    /// The states come from folding the journal through `update` from `initialState`, as
    /// ``replay(initialState:update:)`` does (task bodies and `.action` closures never run);
    /// each step is compared with the journal, and a step that differs is marked on the
    /// page and listed in ``JournalPage/differingSteps``. States are read with `Mirror`,
    /// field by field, and laid out as the line host's `:state` shows them; the state
    /// needs no conformance.
    ///
    /// ```swift
    /// let page = journal.page(initialState: Counter.State(), update: Counter.update)
    /// print(page.events, page.tasks)   // 12 2
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before the first event: the recorded one, usually
    ///     (``initialState(_:)``).
    ///   - title: The page's title; the journal's file name when `nil`.
    ///   - update: The feature's transition function.
    /// - Returns: The page.
    public func page<State, Env>(
        initialState: State, title: String? = nil, update: (inout State, Event) -> Effect<Event, Env>?
    ) -> JournalPage {
        let title = title ?? String(path.split(separator: "/").last ?? "journal")
        let data = JournalPageData(journal: self, initialState: initialState, title: title, update: update)
        let html = PageDocument.html(
            title: title, style: JournalPageScript.style, body: JournalPageScript.body, data: data.json,
            script: JournalPageScript.script)
        return JournalPage(
            html: html, events: entries.count, tasks: data.taskCount, differingSteps: data.differingSteps)
    }
}
