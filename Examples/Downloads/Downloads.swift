import EffectEngine
import EffectEngineCLI

/// A list of downloads, each row a ``Download`` child feature with its own `transfer`
/// task, run under the row's scope: row 2's task is `downloads/2/transfer`, so every row
/// transfers at once and none replaces another's task. Removing a row cancels its task;
/// an event for a row that is gone is dropped and reported, never applied to another row.
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
        var rows: [Download.State] = []
        /// The number the next row gets.
        var nextID = 1
    }

    /// What can happen to the list.
    enum Event: Equatable, Sendable {
        /// Add a row and start its download.
        case add(String)
        /// Remove row `n`, cancelling its transfer.
        case remove(Int)
        /// An event of row `n`.
        case row(Int, Download.Event)
    }

    /// The scope of the rows: row `n` runs its tasks under `downloads/n`.
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
            \.rows, in: &state, event: event, scope: scope,
            child: { if case .row(let id, let event) = $0 { (id, event) } else { nil } },
            embed: Event.row, env: { $0 }, update: Download.update
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
                state.rows.removeAll { $0.id == id }
                return nil
            case .row:
                return nil
            }
        }
    }

    /// The list as text: a count, then one line a row.
    static func render(_ state: State) -> String {
        guard !state.rows.isEmpty else { return "downloads: none — type add <name>" }
        let rows = state.rows.map { row in
            let progress = row.status == .done ? "done" : "\(row.progress)% \(row.status.rawValue)"
            return "  \(row.id). \(row.name) — \(progress)"
        }
        return (["downloads: \(state.rows.count)"] + rows).joined(separator: "\n")
    }

    /// The line protocol: `add <name>`, `pause <n>`, `resume <n>`, `remove <n>`.
    static let commands = LineCommands<Event>([
        LineCommand("add", usage: "add <name>", summary: "add a download and start it") {
            name throws(LineError) in
            guard !name.isEmpty else { throw LineError("'add' needs <name>") }
            return .add(name)
        },
        LineCommand.value("pause", placeholder: "n", summary: "pause download n") { (id: Int) in
            .row(id, .pause)
        },
        LineCommand.value("resume", placeholder: "n", summary: "resume download n from where it stopped") {
            (id: Int) in .row(id, .start)
        },
        LineCommand.value("remove", placeholder: "n", summary: "remove download n, cancelling its transfer") {
            (id: Int) in .remove(id)
        },
    ])
}
