import Testing

@testable import EffectEngineCLI

/// The progress line, on a clock the test moves and a terminal it reads.
@Suite struct ProgressLineTests {
    final class Terminal {
        var now = ContinuousClock.now
        var written: [String] = []
    }

    func line(_ terminal: Terminal, isShown: Bool = true, columns: Int = 80) -> ProgressLine {
        ProgressLine(
            isShown: isShown, now: { terminal.now }, columns: { columns },
            write: { terminal.written.append($0) })
    }

    @Test func theFirstReportIsDrawnAtOnceAndLaterOnesAtMostEveryTenthOfASecond() {
        let terminal = Terminal()
        let progress = line(terminal)
        progress.exploring(states: 2, depth: 1)
        progress.exploring(states: 40, depth: 2)
        terminal.now += .milliseconds(250)
        progress.exploring(states: 1_000, depth: 3)
        #expect(
            terminal.written == [
                "\rexploring: 2 states, depth 1\u{1B}[K",
                "\rexploring: 1,000 states, 4,000 a second, depth 3\u{1B}[K",
            ])
        progress.clear()
        progress.clear()
        #expect(terminal.written.last == "\r\u{1B}[K")
        #expect(terminal.written.count == 3)
    }

    @Test func countedWorkEstimatesTheTimeLeft() {
        let terminal = Terminal()
        let progress = line(terminal)
        progress.counting("testing the plan", "path", done: 0, of: 40)
        terminal.now += .seconds(2)
        progress.counting("testing the plan", "path", done: 10, of: 40)
        terminal.now += .seconds(30)
        progress.counting("simulating", "walk", done: 40, of: 1_000)
        #expect(
            terminal.written == [
                "\rtesting the plan: path 0 of 40\u{1B}[K",
                "\rtesting the plan: path 10 of 40, about 6 s left\u{1B}[K",
                "\rsimulating: walk 40 of 1,000, about 13 min left\u{1B}[K",
            ])
    }

    @Test func nothingIsDrawnWhenStandardErrorIsNotATerminal() {
        let terminal = Terminal()
        let progress = line(terminal, isShown: false)
        progress.exploring(states: 2, depth: 1)
        progress.clear()
        #expect(terminal.written.isEmpty)
    }

    /// A line wider than the terminal is cut, so it never wraps (a wrapped line cannot be
    /// drawn again in place).
    @Test func aLineIsCutToTheTerminalsWidth() {
        let terminal = Terminal()
        line(terminal, columns: 20).counting("testing the plan", "path", done: 1, of: 2)
        #expect(terminal.written == ["\rtesting the plan: …\u{1B}[K"])
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(ProgressLine.number(0) == "0")
        #expect(ProgressLine.number(999) == "999")
        #expect(ProgressLine.number(1_000) == "1,000")
        #expect(ProgressLine.number(1_204_220) == "1,204,220")
        #expect(ProgressLine.number(-12_345) == "-12,345")
    }
}
