import Testing

@testable import EffectEngineCLI

@Suite struct LineCommandsTests {
    enum Switch: String, CaseIterable, Sendable { case on, off }

    /// A shelf of named rows, for commands that read the state.
    struct Shelf: Equatable, Sendable {
        var rows: [String]
    }

    @Test func caseIterableEventsParseAndListThemselves() throws {
        let commands = LineCommands<Int, Switch>.cases { $0 == .on ? "turn it on" : "" }
        #expect(try commands.parse("on", state: 0) == .on)
        #expect(try commands.parse("  off ", state: 0) == .off)
        #expect(commands.helpLines == ["  on    turn it on", "  off"])
    }

    @Test func commandsWithArgumentsParseTheRestOfTheLine() throws {
        let state = Tally.State()
        #expect(try Tally.commands.parse("add 3", state: state) == .add(3))
        #expect(try Tally.commands.parse("add   -4  ", state: state) == .add(-4))
        #expect(
            try Tally.commands.parse("label some   words here", state: state) == .label("some   words here"))
        #expect(try Tally.commands.parse("label", state: state) == .label(""))
        #expect(try Tally.commands.parse("load", state: state) == .load)
    }

    @Test func badLinesSayWhatIsWrong() {
        let state = Tally.State()
        #expect(throws: LineError("unknown command 'frobnicate'")) {
            try Tally.commands.parse("frobnicate", state: state)
        }
        #expect(throws: LineError("unknown command 'Load' (did you mean 'load'?)")) {
            try Tally.commands.parse("Load", state: state)
        }
        #expect(throws: LineError("'add' needs <n>")) { try Tally.commands.parse("add", state: state) }
        #expect(throws: LineError("'add' needs <n> (a whole number), got 'two'")) {
            try Tally.commands.parse("add two", state: state)
        }
        #expect(throws: LineError("'load' takes no argument, got 'now'")) {
            try Tally.commands.parse("load now", state: state)
        }
    }

    /// L7: a row number names the row the state shows, whatever the rows are.
    @Test func aRowCommandNamesTheRowShown() throws {
        let commands = LineCommands<Shelf, String>([
            LineCommand.row("take", of: "book", in: \.rows, summary: "take book n") { "took \($0)" }
        ])
        #expect(try commands.parse("take 2", state: Shelf(rows: ["a", "b", "c"])) == "took b")
        #expect(try commands.parse("take 2", state: Shelf(rows: ["x", "y"])) == "took y")
        #expect(try commands.parse("take 1", state: Shelf(rows: ["z"])) == "took z")
        #expect(throws: LineError("no book 3: pick 1 to 2")) {
            try commands.parse("take 3", state: Shelf(rows: ["a", "b"]))
        }
        #expect(throws: LineError("no book 0: pick 1 to 2")) {
            try commands.parse("take 0", state: Shelf(rows: ["a", "b"]))
        }
        #expect(throws: LineError("no book \(Int.min): pick 1 to 1")) {
            try commands.parse("take \(Int.min)", state: Shelf(rows: ["a"]))
        }
        #expect(throws: LineError("no book 1: none shown")) {
            try commands.parse("take 1", state: Shelf(rows: []))
        }
        #expect(throws: LineError("'take' needs <n>")) {
            try commands.parse("take", state: Shelf(rows: ["a"]))
        }
        #expect(throws: LineError("'take' needs <n> (a whole number), got 'x'")) {
            try commands.parse("take x", state: Shelf(rows: ["a"]))
        }
        #expect(commands.helpLines == ["  take <n>   take book n"])
    }

    /// L7: a command of its own reads the state the line is typed at.
    @Test func aParserSeesTheState() throws {
        let commands = LineCommands<Shelf, String>([
            LineCommand("last", usage: "last", summary: "the last book") { _, shelf throws(LineError) in
                guard let last = shelf.rows.last else { throw LineError("the shelf is empty") }
                return last
            }
        ])
        #expect(try commands.parse("last", state: Shelf(rows: ["a", "b"])) == "b")
        #expect(throws: LineError("the shelf is empty")) {
            try commands.parse("last", state: Shelf(rows: []))
        }
    }

    @Test func helpLinesAlignSummaries() {
        #expect(
            Tally.commands.helpLines == [
                "  add <n>        add n to the total",
                "  label <text>   set the label",
                "  load           load 10 more",
                "  hang           start a task that runs until cancelled",
                "  background     start an unnamed task that runs until cancelled",
                "  stubborn       start a task that ignores its cancellation",
                "  nothing        change nothing",
            ])
    }
}
