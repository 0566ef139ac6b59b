import Testing

@testable import EffectEngineCLI

/// The line editor as a value: each key, what it does to the line and the cursor.
@Suite struct LineEditorTests {
    /// Presses the keys and returns the editor.
    func editor(after keys: [TerminalKey]) -> LineEditor {
        var editor = LineEditor()
        for key in keys { _ = editor.pressed(key) }
        return editor
    }

    @Test func typingMovingAndDeleting() {
        let edited = editor(after: [.text("tck"), .home, .right, .text("i"), .end])
        #expect(edited.text == "tick" && edited.cursor == 4)
        let deleted = editor(after: [.text("tickk"), .left, .delete, .backspace, .text("k")])
        #expect(deleted.text == "tick" && deleted.cursor == 4)
        // Keys at the ends do nothing.
        let ends = editor(after: [.backspace, .left, .delete, .text("a"), .right, .right, .home, .backspace])
        #expect(ends.text == "a" && ends.cursor == 0)
    }

    @Test func killingToTheEndsAndAWord() {
        #expect(editor(after: [.text("query swift"), .left, .left, .deleteToStart]).text == "ft")
        #expect(editor(after: [.text("query swift"), .home, .right, .deleteToEnd]).text == "q")
        #expect(editor(after: [.text("query  swift  "), .deleteWord]).text == "query  ")
        #expect(editor(after: [.text("query swift"), .left, .left, .deleteWord]).text == "query ft")
    }

    @Test func enterSubmitsAndHistoryRecallsTheLinesBefore() {
        var editor = LineEditor()
        _ = editor.pressed(.text("first"))
        #expect(editor.pressed(.enter) == .submitted("first"))
        _ = editor.pressed(.text("second"))
        #expect(editor.pressed(.enter) == .submitted("second"))
        #expect(editor.pressed(.enter) == .submitted(""))
        _ = editor.pressed(.enter)
        _ = editor.pressed(.text("second"))
        _ = editor.pressed(.enter)
        // Empty lines and a repeat of the last line are not kept.
        #expect(editor.history == ["first", "second"])
        _ = editor.pressed(.text("dra"))
        _ = editor.pressed(.up)
        #expect(editor.text == "second")
        _ = editor.pressed(.up)
        _ = editor.pressed(.up)
        #expect(editor.text == "first")
        _ = editor.pressed(.down)
        #expect(editor.text == "second")
        _ = editor.pressed(.down)
        #expect(editor.text == "dra" && editor.cursor == 3)
        _ = editor.pressed(.down)
        #expect(editor.text == "dra")
    }

    @Test func controlDEndsAnEmptyLineAndDeletesOtherwise() {
        var editor = LineEditor()
        #expect(editor.pressed(.endOfInput) == .endOfInput)
        _ = editor.pressed(.text("ab"))
        _ = editor.pressed(.home)
        #expect(editor.pressed(.endOfInput) == .edited)
        #expect(editor.text == "b")
        #expect(editor.pressed(.interrupt) == .interrupted)
    }

    @Test func charactersAreGraphemes() {
        let edited = editor(after: [.text("e\u{301}👩‍👩‍👧x"), .left, .backspace])
        #expect(edited.text == "e\u{301}x")
    }
}
