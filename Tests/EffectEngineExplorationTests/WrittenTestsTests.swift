import EffectEngine
@testable import EffectEngineExploration
import EffectEngineTesting
import Foundation
import TestSupport
import Testing

/// X4: the tests the explorer writes compile and pass as pasted, Foundation values
/// included. The test it writes for `Ledger` is kept, as written, in
/// `Written/LedgerWrittenTest.swift`, which the suite compiles and runs; this test checks
/// that the explorer still writes exactly that file's test.
@Suite("Written tests compile and pass as pasted (X4)", .onThreadOfItsOwn)
struct WrittenTestsTests {
    @Test func theLedgersWrittenTestIsTheOneThatCompiles() throws {
        let report = try Explorer(initialState: Ledger.State(), update: Ledger.update, events: Ledger.enabled)
            .testCode(spec: "UpdateSpec(Ledger.update)")
            .always("two tags at most once") { $0.tags.count < 2 }
            .explore()
        let written = try #require(report.failures.first?.test)
        #expect(written == Self.pasted("LedgerWrittenTest.swift"))
    }

    /// The engine's own values read as stored fields no initializer takes (`#0:`,
    /// `nextID:`, `_low:`, an unlabeled button title): the written test spells them as the
    /// expressions that rebuild them, and `Written/ScreensWrittenTest.swift` holds it as
    /// written, compiled and run.
    @Test func theScreensWrittenTestIsTheOneThatCompiles() throws {
        let report = try Explorer(initialState: Screens.State(), update: Screens.update, events: Screens.enabled)
            .testCode(spec: "UpdateSpec(Screens.update)")
            .always("no wait after an alert") { $0.alert == nil || $0.delay == .zero }
            .explore()
        let written = try #require(report.failures.first?.test)
        // The failure shows the new test to paste when the writing changes.
        #expect(written == Self.pasted("ScreensWrittenTest.swift"))
    }

    /// A stack never popped is an array literal; its ids are numbers.
    @Test func aStackNumberedInOrderIsAnArrayLiteral() {
        #expect(SwiftCode.literal(StackState([Screens.Screen.detail(7), .record])) == "[.detail(7), .record]")
        #expect(SwiftCode.literal(StackState<Screens.Screen>()) == "[]")
        var emptied = StackState([Screens.Screen.record])
        emptied.removeAll()
        #expect(SwiftCode.literal(emptied) == ".init(ids: [], elements: [], nextID: 1)!")
        #expect(SwiftCode.literal(Screens.Event.pop(from: 3)) == ".pop(from: 3)")
        #expect(SwiftCode.literal(Duration.seconds(2)) == ".seconds(2)")
    }

    /// The body of a pasted written test, from its doc comment on; `nil` when the file
    /// holds none.
    static func pasted(_ name: String, filePath: String = #filePath) -> String? {
        let file = try? String(
            contentsOf: URL(fileURLWithPath: filePath).deletingLastPathComponent()
                .appendingPathComponent("Written/" + name), encoding: .utf8)
        guard let file, let start = file.range(of: "/// Found by Explorer") else { return nil }
        return file[start.lowerBound...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anotherFoundationValueIsAPlaceholderThatSaysWhy() throws {
        struct Settings: Hashable {
            var locale = Locale(identifier: "fr_FR")
            var changes = 0
        }
        let report = try Explorer(
            initialState: Settings(),
            update: { (settings: inout Settings, _: Int) -> Effect<Int, Void>? in
                settings.changes += 1
                return nil
            }, events: { $0.changes < 1 ? [1] : [] }
        )
        .always("unchanged") { $0.changes == 0 }
            .explore()
        let written = try #require(report.failures.first?.test)
        #expect(written.contains("<#Locale: cannot be spelled from its reflection#>"))
    }
}
