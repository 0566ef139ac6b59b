import Testing

@testable import EffectEngineCLI

/// The built-in options of line programs, declared once with their types and read back
/// through their declarations.
@MainActor @Suite("Program options: declared once, typed, read as typed values")
struct ProgramOptionTests {
    @Test("Values given are read as their declarations' types; absent ones are nil or their default")
    func typedValues() throws {
        let arguments = LineArguments(
            values: ["depth": "3", "seed": "42", "wait-limit": "250ms", "dot": "graph.dot"], flags: ["liveness"])
        #expect(try arguments.value(ExplorationOptions.depth) == 3)
        #expect(try arguments.value(ExplorationOptions.maxStates) == nil)
        #expect(try arguments.value(SimulationOptions.seed) == UInt64(42))
        #expect(try arguments.value(RunningOptions.waitLimit) == .milliseconds(250))
        #expect(arguments.path(ExplorationOptions.dot) == "graph.dot")
        #expect(arguments.path(ExplorationOptions.html) == nil)
        #expect(arguments.isSet(ExplorationOptions.liveness))
        #expect(!arguments.isSet(ExplorationOptions.explore))
    }

    @Test("A value that does not read as its type is an error naming the option")
    func badValues() {
        let arguments = LineArguments(values: ["depth": "deep", "seed": "-1", "wait-limit": "soon"])
        #expect(throws: LineError("'--depth' needs a whole number, got 'deep'")) {
            try arguments.value(ExplorationOptions.depth)
        }
        #expect(throws: LineError("'--seed' needs a whole number from 0, got '-1'")) {
            try arguments.value(SimulationOptions.seed)
        }
        #expect(throws: LineError("'--wait-limit' needs a duration such as 300ms or 1s, got 'soon'")) {
            try arguments.value(RunningOptions.waitLimit)
        }
    }

    @Test("A parsed command line fills the typed settings; a default is read as a value too")
    func parsedDefaults() throws {
        let parsed = try LineProgram<Tally>().parse(["--virtual-time"])
        #expect(parsed.settings.virtualTime)
        #expect(try parsed.value(RunningOptions.waitLimit) == .seconds(10))
        #expect(throws: LineError("'--wait-limit' needs a duration such as 300ms or 1s, got 'x'")) {
            try LineProgram<Tally>().parse(["--wait-limit", "x"])
        }
    }

    @Test("Each built-in option is declared once: no two share a name")
    func namesAreUnique() {
        let sections = [
            RunningOptions.section, TranscriptOptions.section, StateKeepingOptions.section, JournalOptions.section,
            ExplorationOptions.section, SimulationOptions.section, TestPlanOptions.section,
        ]
        let names = sections.flatMap(\.options).map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(ExplorationOptions.depth.option.role == .modeOption(of: "explore", kind: "an exploration option"))
    }
}
