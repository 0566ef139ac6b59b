import EffectEngine
import EffectEngineCLI
import TestSupport
import Testing

@MainActor @Suite struct LineHostTests {
    @Test func linesBecomeEventsAndRenderingsArePrinted() async {
        let captured = CapturedOutput()
        let host = Tally.host(output: captured)
        let status = await host.run(lines: ["add 2", "  label  hello world ", "add 3"])
        #expect(status == LineExitStatus.success)
        #expect(
            captured.standardOutputLines == [
                "total: 0", "total: 2", "total: 2 [hello world]", "total: 5 [hello world]",
            ])
        #expect(captured.standardError.isEmpty)
    }

    @Test func blankLinesAndCommentsAreSkipped() async {
        let captured = CapturedOutput()
        let status = await Tally.host(output: captured).run(lines: ["", "   ", "# add 100", "add 1"])
        #expect(status == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 1"])
        #expect(captured.standardError.isEmpty)
    }

    @Test func rejectedLineChangesNothingAndTheHostGoesOn() async {
        let captured = CapturedOutput()
        let host = Tally.host(output: captured)
        await host.handle("add 4")
        await host.handle("frobnicate")
        #expect(host.state == Tally.State(total: 4))
        await host.handle("add four")
        await host.handle(":frob")
        #expect(host.state == Tally.State(total: 4))
        await host.handle("add 1")
        #expect(await host.finish() == LineExitStatus.rejectedLine)
        #expect(
            captured.standardErrorLines == [
                "error: unknown command 'frobnicate' — type :help",
                "error: 'add' needs <n> (a whole number), got 'four' — type :help",
                "error: unknown meta-command ':frob' — type :help",
            ])
        #expect(captured.standardOutputLines == ["total: 0", "total: 4", "total: 5"])
    }

    /// L2: a parser's own refusal is printed as written; only a line the host could not
    /// read as a command points to `:help`.
    @Test func aParsersOwnRefusalIsNotSentToHelp() async {
        let captured = CapturedOutput()
        let host = LineHost(
            initialState: Tally.State(), env: Tally.Env(),
            commands: LineCommands<Tally.State, Tally.Event>([
                LineCommand("login", usage: "login <email> <password>", summary: "log in") {
                    argument, _ throws(LineError) in
                    guard argument.contains(" ") else {
                        throw argument.isEmpty
                            ? LineError(usage: "'login' needs <email> <password>")
                            : LineError("type an email and a password first")
                    }
                    return .add(1)
                }
            ]),
            output: captured.output, render: { "total: \($0.total)" }, update: Tally.update)
        let status = await host.run(lines: ["login ann", "login"])
        #expect(status == LineExitStatus.rejectedLine)
        #expect(
            captured.standardErrorLines == [
                "error: type an email and a password first",
                "error: 'login' needs <email> <password> — type :help",
            ])
    }

    /// N12: a form's bindable fields are one `set` command; a field outside them, or text a
    /// field cannot read, is refused before anything is sent.
    @Test func aFormsFieldsAreSetByOneCommand() async {
        let captured = CapturedOutput()
        let host = LineHost(
            initialState: Bindable.State(), env: (),
            commands: LineCommands<Bindable.State, Bindable.Event>([LineCommand.set { .binding($0) }]),
            output: captured.output, render: { "\($0.title) \($0.minutes)" }, update: Bindable.update)
        let status = await host.run(lines: [
            "set title Daily standup", "set minutes 15", "set theme tan", "set secret x", "set minutes soon",
            "set theme pink", "set title",
        ])
        #expect(status == LineExitStatus.rejectedLine)
        #expect(host.state == Bindable.State(title: "Daily standup", minutes: 15, theme: .tan))
        #expect(
            captured.standardErrorLines == [
                "error: no field 'secret' to set: title, minutes, theme — type :help",
                "error: 'minutes' cannot be 'soon'",
                "error: 'theme' cannot be 'pink'",
                "error: 'set' needs <field> <value> — type :help",
            ])
    }

    /// L8: `update` refuses an event in its own words: one error line, the state as it
    /// was, the host goes on, and the exit status is 1.
    @Test func aRejectionInTheFeaturesWordsIsAnErrorAndChangesNothing() async {
        let captured = CapturedOutput()
        let host = LineHost(
            initialState: Keeper.State(), env: (), commands: Keeper.commands, output: captured.output,
            render: Keeper.render, update: Keeper.update)
        await host.handle("bump")
        await host.handle("fail")
        #expect(host.state == Keeper.State(count: 1))
        await host.handle("bump")
        #expect(await host.finish() == LineExitStatus.rejectedLine)
        #expect(captured.standardErrorLines == ["error: keeper refuses at 1"])
        #expect(captured.standardOutputLines == ["kept: 0", "kept: 1", "kept: 2"])
    }

    /// L7: each line is parsed with the state it is typed at, so a row number names the
    /// row shown then.
    @Test func eachLineIsParsedWithTheStateItIsTypedAt() async {
        let captured = CapturedOutput()
        let host = LineHost(
            initialState: [String](), env: (),
            commands: LineCommands<[String], Shelf.Event>([
                LineCommand.text("put", summary: "put a book on top") { .put($0) },
                LineCommand.row("take", of: "book", in: { $0 }, summary: "take book n") { .take($0) },
            ]),
            output: captured.output, render: { "shelf: \($0.joined(separator: ", "))" }, update: Shelf.update)
        let status = await host.run(lines: ["put a", "put b", "take 1", "take 1", "take 1", "put c"])
        #expect(status == LineExitStatus.rejectedLine)
        #expect(captured.standardOutputLines == ["shelf: ", "shelf: a", "shelf: b, a", "shelf: a", "shelf: ", "shelf: c"])
        #expect(captured.standardErrorLines == ["error: no book 1: none shown — type :help"])
    }

    @Test func renderingIsPrintedOnlyWhenItChanges() async {
        let captured = CapturedOutput()
        let status = await Tally.host(output: captured).run(lines: [
            "add 1", "add 0", "nothing", "label", "add 1", "add -1", "add 0",
        ])
        #expect(status == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 1", "total: 2", "total: 1"])
    }

    @Test func helpListsCommandsAndMetaCommands() async {
        let captured = CapturedOutput()
        #expect(await Tally.host(output: captured).run(lines: [":help"]) == LineExitStatus.success)
        #expect(
            captured.standardOutput == """
                total: 0

                commands:
                  add <n>        add n to the total
                  label <text>   set the label
                  load           load 10 more
                  hang           start a task that runs until cancelled
                  background     start an unnamed task that runs until cancelled
                  stubborn       start a task that ignores its cancellation
                  nothing        change nothing

                meta-commands:
                  :help    list these commands
                  :state   print the whole state, one field a line
                  :tasks   list the running tasks, named and unnamed
                  :wait    wait until no task runs
                  :quit    stop the running tasks and exit

                """)
    }

    @Test func stateAndTasksAnswerOnStandardOutput() async {
        let captured = CapturedOutput()
        let host = Tally.host(output: captured)
        await host.handle(":tasks")
        await host.handle("hang")
        await host.handle(":tasks")
        await host.handle("add 2")
        await host.handle(":state")
        #expect(await host.finish() == LineExitStatus.success)
        #expect(
            captured.standardOutputLines == [
                "total: 0", "tasks: none", "tasks: task \"hang\" #1", "total: 2",
                "total: 2", "label: \"\"", "isLoading: false",
            ])
    }

    @Test func quitStopsReadingLines() async {
        let captured = CapturedOutput()
        let host = Tally.host(output: captured)
        let status = await host.run(lines: ["add 1", ":quit", "add 1", "frobnicate"])
        #expect(status == LineExitStatus.success)
        #expect(host.state.total == 1)
        #expect(host.isFinished)
        #expect(captured.standardError.isEmpty)
    }

    @Test func quitEndsTheRunWhileInputStaysOpen() async {
        let captured = CapturedOutput()
        let host = Tally.host(output: captured)
        let (lines, feed) = AsyncStream.makeStream(of: String.self)
        feed.yield("hang")
        feed.yield(":quit")
        // The stream never finishes: before, the run waited for a next line forever.
        let status = await host.run(lines: lines)
        #expect(status == LineExitStatus.success)
        #expect(host.isFinished)
        #expect(host.host.runningTasks.isEmpty)
        feed.finish()
    }

    @Test func settleModePerformsEachLine() async {
        let captured = CapturedOutput()
        let host = Tally.host(settings: LineSettings(settle: true, waitLimit: TestBounds.hang), output: captured)
        let status = await host.run(lines: ["load", "add 1", "load"])
        #expect(status == LineExitStatus.success)
        #expect(
            captured.standardOutputLines == [
                "total: 0", "total: 0 (loading)", "total: 10", "total: 11", "total: 11 (loading)",
                "total: 21",
            ])
    }

    @Test func waitBlocksUntilNoTaskRuns() async {
        let captured = CapturedOutput()
        let status = await Tally.host(output: captured).run(lines: ["load", ":wait", "add 1"])
        #expect(status == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 0 (loading)", "total: 10", "total: 11"])
    }

    @Test func endOfInputStopsRunningTasksAndAwaitsTheirBodies() async {
        let ended = Signal()
        let captured = CapturedOutput()
        let host = Tally.host(output: captured, env: Tally.Env(hangEnded: { ended.set() }))
        let status = await host.run(lines: ["hang", "add 1"])
        #expect(status == LineExitStatus.success)
        #expect(ended.isSet)
        #expect(host.host.isStopped)
        #expect(host.host.runningTaskNames.isEmpty)
    }

    @Test func interruptEndsAWaitingRunWithStatus130() async {
        let started = Signal()
        let ended = Signal()
        let captured = CapturedOutput()
        let host = Tally.host(
            output: captured, env: Tally.Env(hangStarted: { started.set() }, hangEnded: { ended.set() }))
        let (lines, feed) = AsyncStream.makeStream(of: String.self)
        feed.yield("hang")
        feed.yield(":wait")
        let run = Task { await host.run(lines: lines) }
        await started.wait()
        host.interrupt()
        #expect(await run.value == LineExitStatus.interrupted)
        #expect(ended.isSet)
        feed.finish()
    }

    @Test func interruptAbandonsASettlingLine() async {
        let started = Signal()
        let captured = CapturedOutput()
        let host = Tally.host(
            settings: LineSettings(settle: true, waitLimit: TestBounds.hang), output: captured,
            env: Tally.Env(hangStarted: { started.set() }))
        let (lines, feed) = AsyncStream.makeStream(of: String.self)
        feed.yield("hang")
        let run = Task { await host.run(lines: lines) }
        await started.wait()
        host.interrupt()
        #expect(await run.value == LineExitStatus.interrupted)
        feed.finish()
    }

    @Test func closedStandardOutputEndsTheRunQuietly() async {
        let captured = CapturedOutput(closesStandardOutputAfter: 2)
        let host = Tally.host(output: captured)
        let (lines, feed) = AsyncStream.makeStream(of: String.self)
        for number in 1...5 { feed.yield("add \(number)") }
        // The source never ends: only the closed output can end the run.
        let status = await host.run(lines: lines)
        #expect(status == LineExitStatus.success)
        #expect(captured.standardOutputLines == ["total: 0", "total: 1"])
        #expect(host.state.total == 3)
        #expect(captured.standardError.isEmpty)
        feed.finish()
    }

    @Test func traceWritesTransitionsAndTaskChangesToStandardError() async {
        let captured = CapturedOutput()
        let host = Tally.host(settings: LineSettings(settle: true, trace: true, waitLimit: TestBounds.hang), output: captured)
        #expect(await host.run(lines: ["add 1", "load"]) == LineExitStatus.success)
        #expect(
            captured.standardErrorLines == [
                "trace: add(1) -> no effect | total: 0 → 1",
                "trace: load -> task(\"load\") | isLoading: false → true",
                "trace: started task \"load\" #1",
                "trace: loaded(10) from task \"load\" #1 -> no effect | total: 1 → 11, isLoading: true → false",
                "trace: ended task \"load\" #1",
                "trace: stopped",
            ])
        #expect(captured.standardOutputLines == ["total: 0", "total: 1", "total: 1 (loading)", "total: 11"])
    }

    @Test func anInteractiveRunStartsWithALineNamingHelp() async {
        let captured = CapturedOutput()
        var settings = LineSettings()
        settings.isInteractive = true
        #expect(await Tally.host(settings: settings, output: captured).run(lines: ["add 1"]) == 0)
        #expect(captured.standardOutputLines == ["total: 0", "total: 1"])
        #expect(
            captured.standardErrorLines == ["type :help for the commands, :quit or end of input (Control-D) to leave"])

        let piped = CapturedOutput()
        #expect(await Tally.host(output: piped).run(lines: ["add 1"]) == 0)
        #expect(piped.standardError.isEmpty)
    }

    @Test func stateIsPrintedOneFieldALine() async {
        let captured = CapturedOutput()
        let host = Tally.host(output: captured)
        #expect(await host.run(lines: ["label a b", ":state"]) == LineExitStatus.success)
        #expect(
            captured.standardOutput == """
                total: 0
                total: 0 [a b]

                total: 0
                label: "a b"
                isLoading: false

                """)
    }
}

/// Books on a shelf, the newest first, taken by name.
private enum Shelf {
    enum Event: Sendable { case put(String), take(String) }

    static func update(state: inout [String], event: Event) -> Effect<Event, Void>? {
        switch event {
        case .put(let book): state.insert(book, at: 0)
        case .take(let book): state.removeAll { $0 == book }
        }
        return nil
    }
}

/// A form with two bindable fields and one that is not.
private enum Bindable {
    enum Theme: String, Sendable { case sky, tan }

    struct State: Equatable, Sendable, BindableState {
        var title = ""
        var minutes = 5
        var theme = Theme.sky
        var secret = ""

        static let bindableFields = BindableFields<State>([.field(\.title), .field(\.minutes), .field(\.theme)])
    }

    enum Event: Equatable, Sendable { case binding(BindingEvent<State>) }


    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .binding(let binding):
            binding.apply(to: &state)
            return nil
        }
    }
}
