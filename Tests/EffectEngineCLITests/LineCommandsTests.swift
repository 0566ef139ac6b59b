import EffectEngineCLI
import Testing

@Suite struct LineCommandsTests {
    enum Switch: String, CaseIterable, Sendable { case on, off }

    @Test func caseIterableEventsParseAndListThemselves() throws {
        let commands = LineCommands<Switch>.cases { $0 == .on ? "turn it on" : "" }
        #expect(try commands.parse("on") == .on)
        #expect(try commands.parse("  off ") == .off)
        #expect(commands.helpLines == ["  on    turn it on", "  off"])
    }

    @Test func commandsWithArgumentsParseTheRestOfTheLine() throws {
        #expect(try Tally.commands.parse("add 3") == .add(3))
        #expect(try Tally.commands.parse("add   -4  ") == .add(-4))
        #expect(try Tally.commands.parse("label some   words here") == .label("some   words here"))
        #expect(try Tally.commands.parse("label") == .label(""))
        #expect(try Tally.commands.parse("load") == .load)
    }

    @Test func badLinesSayWhatIsWrong() {
        #expect(throws: LineError("unknown command 'frobnicate'")) { try Tally.commands.parse("frobnicate") }
        #expect(throws: LineError("unknown command 'Load'")) { try Tally.commands.parse("Load") }
        #expect(throws: LineError("'add' needs <n>")) { try Tally.commands.parse("add") }
        #expect(throws: LineError("'add' needs <n> (a whole number), got 'two'")) {
            try Tally.commands.parse("add two")
        }
        #expect(throws: LineError("'load' takes no argument, got 'now'")) {
            try Tally.commands.parse("load now")
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
