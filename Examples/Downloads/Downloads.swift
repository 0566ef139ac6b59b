import EffectEngine
import EffectEngineCLI

/// A list of downloads, each row a ``Download`` child feature with its own `transfer`
/// task, run under the row's scope: the task of the download with id 2 is
/// `downloads/2/transfer`, so every row transfers at once and none replaces another's
/// task. Removing a row cancels its task; an event for a row that is gone is dropped and
/// reported, never applied to another row.
///
/// Rows are numbered as shown, from 1: after `remove 1`, the download that was second is
/// `1`, and `pause 1` pauses it, whatever its id (the commands see the state, L7).
///
/// ```text
/// $ printf 'add report.pdf\n' | downloads --settle --step 10ms
/// downloads: none — type add <name>
/// downloads: 1
///   1. report.pdf — 0% downloading
/// ...
/// downloads: 1
///   1. report.pdf — done
/// ```
enum Downloads {
    /// The list.
    struct State: Equatable, Sendable {
        /// The rows, in the order they were added.
        var rows: IdentifiedArray<Download.State> = []
        /// The number the next row gets.
        var nextID = 1
    }

    /// What can happen to the list.
    enum Event: Equatable, Sendable {
        /// Add a row and start its download.
        case add(String)
        /// Remove the download with this id, cancelling its transfer.
        case remove(Int)
        /// An event of the download with this id.
        case row(Int, Download.Event)
    }

    /// The scope of the rows: the download with id `n` runs its tasks under `downloads/n`.
    static let scope = "downloads"

    /// The list's transition function: rows run through ``Compose/forEach``, the list's own
    /// events after them.
    ///
    /// ```swift
    /// var state = Downloads.State()
    /// _ = Downloads.update(state: &state, event: .add("a"))
    /// #expect(Downloads.update(state: &state, event: .row(1, .pause))?.summary == .cancel("downloads/1/transfer"))
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Download.Env>? {
        Compose.forEach(
            \.rows, in: &state, event: event, scope: scope, child: CasePath(Event.row), env: { $0 },
            update: Download.update
        ) { state, event in
            switch event {
            case .add(let name):
                let id = state.nextID
                state.nextID += 1
                state.rows.append(Download.State(id: id, name: name))
                return .send(.row(id, .start))
            case .remove(let id):
                guard state.rows.contains(where: { $0.id == id }) else {
                    return .report(.childMissing(scope: "\(scope)/\(id)", event: "remove(\(id))"))
                }
                // `Compose.forEach` sees the row leave and cancels its tasks.
                state.rows.remove(id: id)
                return nil
            case .row:
                return nil
            }
        }
    }

    /// The list as text: a count, then one numbered line a row.
    static func render(_ state: State) -> String {
        guard !state.rows.isEmpty else { return "downloads: none — type add <name>" }
        let rows = state.rows.enumerated().map { number, row in
            let progress = row.status == .done ? "done" : "\(row.progress)% \(row.status.rawValue)"
            return "  \(number + 1). \(row.name) — \(progress)"
        }
        return (["downloads: \(state.rows.count)"] + rows).joined(separator: "\n")
    }

    /// The line protocol: `add <name>`, `pause <n>`, `resume <n>`, `remove <n>`, where `n`
    /// is a row as shown.
    static let commands = LineCommands<State, Event>([
        LineCommand("add", usage: "add <name>", summary: "add a download and start it") {
            name, _ throws(LineError) in
            guard !name.isEmpty else { throw LineError(usage: "'add' needs <name>") }
            return .add(name)
        },
        LineCommand.row("pause", of: "download", in: \.rows, summary: "pause download n") { row in
            .row(row.id, .pause)
        },
        LineCommand.row(
            "resume", of: "download", in: \.rows, summary: "resume download n from where it stopped"
        ) {
            row in .row(row.id, .start)
        },
        LineCommand.row(
            "remove", of: "download", in: \.rows, summary: "remove download n, cancelling its transfer"
        ) {
            row in .remove(row.id)
        },
    ])
}
