import EffectEngine
import EffectEngineExploration
import EffectEngineTesting
import Foundation
import Testing

/// X4: the tests the explorer writes compile and pass as pasted, Foundation values
/// included. The test it writes for `Ledger` is kept, as written, in
/// `Written/LedgerWrittenTest.swift`, which the suite compiles and runs; this test checks
/// that the explorer still writes exactly that file's test.
@Suite("Written tests compile and pass as pasted (X4)")
struct WrittenTestsTests {
    @Test func theLedgersWrittenTestIsTheOneThatCompiles() throws {
        let report = try Explorer(initialState: Ledger.State(), update: Ledger.update, events: Ledger.enabled)
            .testCode(spec: "UpdateSpec(Ledger.update)")
            .always("two tags at most once") { $0.tags.count < 2 }
            .explore()
        let written = try #require(report.failures.first?.test)
        let file = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Written/LedgerWrittenTest.swift"), encoding: .utf8)
        let body = try #require(file.range(of: "/// Found by Explorer").map { String(file[$0.lowerBound...]) })
        #expect(body.trimmingCharacters(in: .whitespacesAndNewlines) == written)
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
