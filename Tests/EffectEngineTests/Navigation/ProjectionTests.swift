import EffectEngine
import Testing

/// A list of notes, and a stack of screens each editing one of them: the notes live once,
/// in the list.
private enum Notes {
    struct Note: Hashable, Identifiable, Sendable {
        var id: Int
        var text: String
    }

    enum Editor {
        struct Own: Hashable, Sendable { var edits = 0 }
        typealias State = Projection<Note, Own>
        enum Event: Hashable, Sendable { case type(String), delete }

        static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
            switch event {
            case .type(let text):
                state.value.text = text
                state.edits += 1
                return nil
            case .delete:
                return .dismiss
            }
        }

        static func appear(state: State) -> Effect<Event, Void>? {
            state.value.text.isEmpty ? .send(.type("untitled")) : nil
        }
    }

    enum Path {
        enum State: Hashable, Sendable { case editor(Note.ID, Editor.Own) }
        enum Event: Hashable, Sendable { case editor(Editor.Event) }

        static func update(state: inout Projection<[Note], State>, event: Event) -> Effect<Event, Void>? {
            switch (state.own, event) {
            case (.editor(let id, let editor), .editor(let event)):
                return state.run(editor, showing: id, as: { .editor(id, $0) }, update: Editor.update, event: event)?
                    .map(Event.editor)
            }
        }

        static func appear(state: Projection<[Note], State>) -> Effect<Event, Void>? {
            switch state.own {
            case .editor(let id, let editor):
                state.projection(of: editor, showing: id).flatMap(Editor.appear)?.map(Event.editor)
            }
        }
    }

    struct State: Hashable, Sendable {
        var notes: [Note] = [Note(id: 1, text: "milk"), Note(id: 2, text: "")]
        var path = StackState<Path.State>()
    }

    enum Event: Hashable, Sendable {
        case path(StackEvent<Path.State, Path.Event>)
        case open(Note.ID)
        case remove(Note.ID)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.stack(
            \.path, sharing: \.notes, in: &state, event: event, scope: "path",
            child: { if case .path(let event) = $0 { event } else { nil } },
            embed: Event.path, env: { $0 }, update: Path.update, appear: Path.appear
        ) { state, event in
            switch event {
            case .open(let id): state.path.append(.editor(id, Editor.Own()))
            case .remove(let id): state.notes.removeAll { $0.id == id }
            case .path: break
            }
            return nil
        }
    }
}

/// A screen over the whole list, in a field of its app: it renames the first note.
private enum Renamer {
    struct Own: Hashable, Sendable { var renames = 0 }
    typealias State = Projection<[Notes.Note], Own>

    static func update(state: inout State, event: String) -> Effect<String, Void>? {
        state.value[0].text = event
        state.renames += 1
        return nil
    }
}

private enum Shelf {
    struct State: Hashable, Sendable {
        var notes = [Notes.Note(id: 1, text: "milk")]
        var renamer = Renamer.Own()
        var heard: [String] = []
    }

    static func update(state: inout State, event: String) -> Effect<String, Void>? {
        Compose.field(
            \.renamer, sharing: \.notes, in: &state, event: event, scope: "renamer", child: { $0 }, embed: { $0 },
            env: { $0 }, update: Renamer.update
        ) { state, event in
            state.heard.append(state.notes[0].text)
            return nil
        }
    }
}

@MainActor
@Suite("Projection: a record shown on several screens lives once (N6)")
struct ProjectionTests {
    @Test("a field's screen edits the part it shares; the parent sees the edit in the same transition")
    func fieldSharing() {
        var state = Shelf.State()
        _ = Shelf.update(state: &state, event: "eggs")
        #expect(state.notes[0].text == "eggs" && state.renamer.renames == 1 && state.heard == ["eggs"])
    }

    @Test("an edit in a screen is in the list in the same transition, and every screen of it sees it")
    func editReachesTheList() async {
        let host = EffectHost(initialState: Notes.State(), update: Notes.update)
        host.send(.open(1))
        host.send(.open(1))
        host.send(.path(.element(id: 1, event: .editor(.type("oat milk")))))
        #expect(host.state.notes[0].text == "oat milk")
        #expect(host.state.path[id: 0] == .editor(1, .init(edits: 0)))
        #expect(host.state.path[id: 1] == .editor(1, .init(edits: 1)))
        await host.stop()
    }

    @Test("a screen appears on the value it shows: an empty note gets a title when opened")
    func appearsOnItsValue() async {
        let host = EffectHost(initialState: Notes.State(), update: Notes.update)
        host.send(.open(2))
        #expect(host.state.notes[1].text == "untitled")
        #expect(host.state.path[id: 0] == .editor(2, .init(edits: 1)))
        await host.stop()
    }

    @Test("an event for a screen whose record was deleted is dropped and reported")
    func recordGone() async {
        let recorder = Recorder<Notes.State, Notes.Event>()
        let host = EffectHost(initialState: Notes.State(), env: (), observer: recorder.observer, update: Notes.update)
        host.send(.open(1))
        host.send(.remove(1))
        let before = host.state
        host.send(.path(.element(id: 0, event: .editor(.type("eggs")))))
        #expect(host.state == before)
        #expect(
            recorder.diagnostics.map(\.description) == [
                #"path(.element(id: 0, event: .editor(.type("eggs")))) dropped: no child path/0 in state"#
            ])
        await host.stop()
    }

    @Test("a projection reads its own fields through, and is a value of its parts")
    func value() {
        var editor = Notes.Editor.State(value: Notes.Note(id: 1, text: "a"), own: .init())
        editor.edits = 3
        #expect(editor.own.edits == 3)
        #expect(editor == Projection(value: Notes.Note(id: 1, text: "a"), own: .init(edits: 3)))
        _ = Notes.Editor.update(state: &editor, event: .type("b"))
        #expect(editor.value.text == "b" && editor.edits == 4)
    }

    @Test("a screen over identified rows finds its row by id, and is not presented once the row is gone")
    func identifiedRows() {
        typealias Rows = IdentifiedArray<Notes.Note>
        var state = Projection<Rows, Notes.Path.State>(
            value: [Notes.Note(id: 1, text: "milk"), Notes.Note(id: 2, text: "")], own: .editor(2, .init()))
        let effect = state.run(
            Notes.Editor.Own(), showing: 2, as: { .editor(2, $0) }, update: Notes.Editor.update, event: .type("eggs"))
        #expect(effect == nil)
        #expect(state.value[id: 2]?.text == "eggs" && state.own == .editor(2, .init(edits: 1)))
        #expect(state.projection(of: Notes.Editor.Own(), showing: 1)?.value.text == "milk")
        state.value.remove(id: 2)
        let gone = state.run(
            Notes.Editor.Own(), showing: 2, as: { .editor(2, $0) }, update: Notes.Editor.update, event: .type("x"))
        #expect(gone?.summary == Effect<Notes.Editor.Event, Void>.notPresented.summary)
        #expect(state.projection(of: Notes.Editor.Own(), showing: 2) == nil)
        #expect(state.own == .editor(2, .init(edits: 1)))
    }
}
