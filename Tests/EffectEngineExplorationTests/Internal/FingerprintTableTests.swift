import TestSupport
import Testing

@testable import EffectEngineExploration

@Suite("FingerprintTable")
struct FingerprintTableTests {
    @Test func insertsOnceAndGrowsKeepingEverything() {
        let table = FingerprintTable()
        var generator = SplitMix64(seed: 7)
        let fingerprints = (0..<100_000).map { _ in generator.next() }
        for fingerprint in fingerprints { #expect(table.insert(fingerprint)) }
        #expect(table.count == 100_000)
        #expect(fingerprints.allSatisfy { table.contains($0) })
        #expect(fingerprints.allSatisfy { !table.insert($0) })
        #expect(!table.contains(generator.next()))
        // Between 57% and 85% full.
        #expect(table.bytes <= 100_000 * 8 * 100 / 57)
        #expect(table.count * 100 <= table.capacity * 85)
    }

    @Test func zeroIsAFingerprintLikeAnyOther() {
        let table = FingerprintTable()
        #expect(!table.contains(0))
        #expect(table.insert(0))
        #expect(table.contains(0))
        #expect(!table.insert(0))
        // Stored as 1: the two are taken for one state.
        #expect(!table.insert(1))
    }

    @Test func regionsTakeEachKeyOnceAndFitGivesTheOneByOneCapacity() {
        var generator = SplitMix64(seed: 11)
        let old = (0..<10_000).map { _ in generator.next() }
        let new = (0..<30_000).map { _ in generator.next() }
        let oneByOne = FingerprintTable()
        for fingerprint in old + new { _ = oneByOne.insert(fingerprint) }

        let table = FingerprintTable()
        for fingerprint in old { _ = table.insert(fingerprint) }
        // Each new key twice and an old one: as a parallel merge sees them, in two parts.
        let merged = new + new + old.prefix(100)
        table.reserve(table.count + merged.count)
        var added = 0
        var spilled: [UInt64] = []
        for part in 0..<2 {
            let region = table.region(part, of: 2)
            for fingerprint in merged where region.contains(table.home(fingerprint)) {
                switch table.insert(fingerprint, in: region) {
                case 1: added += 1
                case 0: break
                default: spilled.append(fingerprint)
                }
            }
        }
        table.insertedInRegions(added)
        for fingerprint in spilled { if table.insert(fingerprint) { added += 1 } }
        #expect(added == 30_000)
        #expect(table.count == 40_000)
        #expect((old + new).allSatisfy { table.contains($0) })
        table.fit()
        #expect(table.capacity == oneByOne.capacity)
        #expect((old + new).allSatisfy { table.contains($0) })
    }
}
