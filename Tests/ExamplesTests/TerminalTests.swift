#if canImport(Glibc)
    import Foundation
    import Glibc
    import Testing

    /// The built counter at a pseudo-terminal, typed at as a person types: the line host
    /// is a line editor there (a prompt, the arrows, Home and End, history), output from
    /// tasks is drawn above the line being typed, and the terminal is left as it was.
    /// Before, ← typed `^[[D` into the line and a tick printed in the middle of it.
    @Suite(.serialized) struct TerminalTests {
        static let left = "\u{1B}[D"
        static let right = "\u{1B}[C"
        static let up = "\u{1B}[A"
        static let down = "\u{1B}[B"
        static let home = "\u{1B}[H"
        static let end = "\u{1B}OF"
        static let delete = "\u{1B}[3~"
        static let backspace = "\u{7F}"
        static let controlD = "\u{4}"

        /// Waits until the program has drawn its first rendering, the line naming `:help`
        /// and the prompt: what a person sees before typing.
        static func ready(_ terminal: PseudoTerminal) async -> Bool {
            await terminal.waitForScreen { rows in
                rows.count == 3 && rows[1].hasPrefix("type :help") && rows[2] == "> "
            }
        }

        @Test func linesAreEditedWithTheArrowsHomeEndAndHistory() async throws {
            let terminal = try PseudoTerminal("counter")
            #expect(await Self.ready(terminal))
            // "tck", Home, →, "i", End, Return: "tick".
            terminal.type("tck" + Self.home + Self.right + "i" + Self.end + "\r")
            #expect(await terminal.wait { $0.contains("count: 1") })
            // "ti", ↑ shows the line before, ↓ the line being typed again.
            terminal.type("ti" + Self.up)
            #expect(await terminal.waitForLine("> tick"))
            terminal.type(Self.down)
            #expect(await terminal.waitForLine("> ti"))
            terminal.type("ck\r")
            #expect(await terminal.wait { $0.contains("count: 2") })
            // ↑ and Return: the last line again.
            terminal.type(Self.up + "\r")
            #expect(await terminal.wait { $0.contains("count: 3") })
            // "tickk", ←, Delete, Backspace then "k" again: "tick".
            terminal.type("tickk" + Self.left + Self.delete + Self.backspace + "k\r")
            #expect(await terminal.wait { $0.contains("count: 4") })
            // A command one edit away is named.
            terminal.type("tikc\r")
            #expect(await terminal.wait { $0.contains("(did you mean 'tick'?)") })
            #expect(await terminal.waitForLine("> "))
            terminal.type(Self.controlD)
            #expect(await terminal.exitStatus() == 1)
            // The line being typed is cleared as the program ends.
            #expect(await terminal.waitForLine(""))
            #expect(
                terminal.screen == [
                    "count: 0",
                    "type :help for the commands, :quit or end of input (Control-D) to leave",
                    "> tick", "count: 1",
                    "> tick", "count: 2",
                    "> tick", "count: 3",
                    "> tick", "count: 4",
                    "> tikc", "error: unknown command 'tikc' (did you mean 'tick'?) — type :help",
                    "",
                ], "\(terminal.output.debugDescription)")
            // No key reached the screen as an escape sequence.
            #expect(!terminal.screen.contains { $0.contains("[") || $0.contains("\u{1B}") })
            // The terminal's settings are put back: line mode and echo on again.
            let after = terminal.settings
            #expect(after.c_lflag == terminal.settingsBefore.c_lflag)
            #expect(after.c_iflag == terminal.settingsBefore.c_iflag)
        }

        @Test func aTasksOutputIsDrawnAboveTheLineBeingTyped() async throws {
            let terminal = try PseudoTerminal("counter", arguments: ["--interval", "20ms"])
            #expect(await Self.ready(terminal))
            terminal.type("start\r")
            #expect(await terminal.wait { $0.contains("count: 2\r\n") })
            terminal.type("sto")
            #expect(await terminal.waitForLine("> sto"))
            // Ticks keep coming while "sto" is typed; each is drawn above it.
            let typed = terminal.output.utf8.count
            #expect(await terminal.wait { String($0.utf8.dropFirst(typed))?.contains("count: ") == true })
            #expect(await terminal.waitForLine("> sto"))
            let screen = terminal.screen
            #expect(screen.dropLast().allSatisfy { !$0.contains("sto") }, "\(screen)")
            #expect(screen.dropLast().last?.hasPrefix("count: ") == true, "\(screen)")
            terminal.type("p\r")
            #expect(await terminal.wait { $0.contains("> stop\r\n") })
            terminal.type(Self.controlD)
            #expect(await terminal.exitStatus() == 0)
            #expect(await terminal.waitForLine(""))
            #expect(terminal.screen.filter { $0.hasPrefix(">") } == ["> start", "> stop"])
        }

        /// Control-C, read as a key in raw mode, interrupts as SIGINT does: the ticker is
        /// stopped, the status is 130, and the terminal's settings are put back.
        @Test func controlCInterruptsAndPutsTheTerminalBack() async throws {
            let terminal = try PseudoTerminal("counter", arguments: ["--interval", "20ms"])
            #expect(await Self.ready(terminal))
            terminal.type("start\r")
            #expect(await terminal.wait { $0.contains("count: 2\r\n") })
            terminal.type("\u{3}")
            #expect(await terminal.exitStatus() == 130)
            #expect(await terminal.waitForLine(""))
            #expect(terminal.output.contains("^C\r\n"))
            #expect(terminal.settings.c_lflag == terminal.settingsBefore.c_lflag)
        }

        /// Long work draws its progress on standard error at a terminal, one line drawn
        /// again in place and erased before the report; from a pipe it draws nothing. (A
        /// test plan used to print nothing for minutes.)
        @Test func longWorkShowsItsProgressAtATerminalOnly() async throws {
            let arguments = ["--test-plan", "--plan-depth", "2", "--virtual-time", "--wait-limit", "2s"]
            let terminal = try PseudoTerminal("counter", arguments: arguments)
            #expect(await terminal.exitStatus() == 0)
            #expect(await terminal.waitForScreen { $0.contains { $0.contains("agreed with the model") } })
            #expect(
                terminal.output.contains("\rexploring: 2 states, depth 1\u{1B}[K"),
                "\(terminal.output.debugDescription)")
            #expect(
                terminal.output.contains("\rtesting the plan: path 1 of "),
                "\(terminal.output.debugDescription)")
            #expect(!terminal.screen.contains { $0.contains("exploring") || $0.contains("testing the plan") })
            let piped = try #require(try await ExampleProcess.run("counter", arguments: arguments, input: ""))
            #expect(piped.status == 0 && piped.standardError.isEmpty, "\(piped)")
            #expect(piped.standardOutput.hasSuffix("the host agreed with the model at every step.\n"))
        }

        /// A line too long for the terminal scrolls sideways: the drawn line never wraps,
        /// and what is submitted is the whole line.
        @Test func aLongLineScrollsSidewaysAndIsSubmittedWhole() async throws {
            let terminal = try PseudoTerminal("counter")
            #expect(await Self.ready(terminal))
            let long = String(repeating: "x", count: 150)
            terminal.type(long)
            #expect(await terminal.waitForScreen { $0.last?.hasSuffix("xxxx") == true })
            #expect((terminal.screen.last?.count ?? 0) < 80)
            terminal.type("\r")
            #expect(await terminal.wait { $0.contains("unknown command") })
            terminal.type(Self.controlD)
            #expect(await terminal.exitStatus() == 1)
            #expect(
                terminal.screen.contains(
                    "error: unknown command '\(String(repeating: "x", count: 40))…' — type :help"))
        }
    }
#endif
