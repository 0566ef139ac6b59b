/// The line being typed at a terminal, and the lines typed before it: a value whose
/// methods are named after the key pressed and say what follows. It draws nothing;
/// ``TerminalSession`` draws it.
///
/// ```swift
/// var editor = LineEditor()
/// _ = editor.pressed(.text("tck"))
/// _ = editor.pressed(.home)
/// _ = editor.pressed(.right)
/// _ = editor.pressed(.text("i"))            // "ti|ck"
/// editor.pressed(.enter)                    // .submitted("tick"), and "tick" is in history
/// ```
struct LineEditor: Equatable {
    /// What a key led to.
    enum Outcome: Equatable {
        /// The line or the cursor changed (or may have): draw it again.
        case edited
        /// Enter: the line is handed over, and a new empty one begins.
        case submitted(String)
        /// Control-D on an empty line.
        case endOfInput
        /// Control-C.
        case interrupted
    }

    /// The line, a character a step.
    private(set) var characters: [Character] = []
    /// Where the cursor is: before `characters[cursor]`, or at the end.
    private(set) var cursor = 0
    /// The lines submitted, oldest first; a line equal to the one before it is kept once.
    private(set) var history: [String] = []
    /// The line of history shown, or `nil` for the line being typed.
    private var recalled: Int?
    /// The line being typed, kept while history is browsed.
    private var draft: [Character] = []

    /// The most lines history keeps.
    static let historyLimit = 1000

    /// The line as typed so far.
    var text: String { String(characters) }

    mutating func pressed(_ key: TerminalKey) -> Outcome {
        switch key {
        case .text(let typed):
            characters.insert(contentsOf: typed, at: cursor)
            cursor += typed.count
        case .enter:
            let line = text
            if !line.isEmpty && history.last != line {
                history.append(line)
                if history.count > Self.historyLimit { history.removeFirst() }
            }
            characters = []
            cursor = 0
            recalled = nil
            draft = []
            return .submitted(line)
        case .backspace:
            guard cursor > 0 else { break }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .endOfInput:
            if characters.isEmpty { return .endOfInput }
            if cursor < characters.count { characters.remove(at: cursor) }
        case .interrupt:
            return .interrupted
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home:
            cursor = 0
        case .end:
            cursor = characters.count
        case .up:
            guard !history.isEmpty else { break }
            if recalled == nil { draft = characters }
            let shown = max(0, (recalled ?? history.count) - 1)
            recalled = shown
            characters = Array(history[shown])
            cursor = characters.count
        case .down:
            guard let shown = recalled else { break }
            if shown + 1 < history.count {
                recalled = shown + 1
                characters = Array(history[shown + 1])
            } else {
                recalled = nil
                characters = draft
            }
            cursor = characters.count
        case .deleteToStart:
            characters.removeFirst(cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeLast(characters.count - cursor)
        case .deleteWord:
            var start = cursor
            while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
            while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .redraw:
            break
        }
        return .edited
    }
}
