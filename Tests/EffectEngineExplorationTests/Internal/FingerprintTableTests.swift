import TestSupport
import Testing

@testable import EffectEngineExploration

@Suite("FingerprintTable", .onThreadOfItsOwn)
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

    @Test func regionsTakeEachKeyOnceAndGrowingGivesTheOneByOneCapacity() {
        var generator = SplitMix64(seed: 11)
        let old = (0..<10_000).map { _ in generator.next() }
        let new = (0..<30_000).map { _ in generator.next() }
        let oneByOne = FingerprintTable()
        for fingerprint in old + new { _ = oneByOne.insert(fingerprint) }

        let table = FingerprintTable()
        for fingerprint in old { _ = table.insert(fingerprint) }
        // Each new key twice, as a parallel merge sees them, in three parts; none of the
        // old keys, which the workers found in the table.
        let merged = new + new
        table.grow(toHold: table.count + new.count, workers: 1)
        var added = 0
        var spilled: [UInt64] = []
        for part in 0..<3 {
            let region = table.region(part, of: 3)
            for fingerprint in merged
            where FingerprintTable.part(of: FingerprintTable.key(fingerprint), parts: 3) == part {
                #expect(table.home(FingerprintTable.key(fingerprint)) >= region.lowerBound)
                switch table.insert(key: FingerprintTable.key(fingerprint), in: region) {
                case 1: added += 1
                case 0: break
                default: spilled.append(fingerprint)
                }
            }
        }
        table.insertedInRegions(added)
        for fingerprint in spilled { if table.insertWithoutGrowing(fingerprint) { added += 1 } }
        #expect(added == 30_000)
        #expect(table.count == 40_000)
        #expect((old + new).allSatisfy { table.contains($0) })
        table.grow(workers: 2)
        #expect(table.capacity == oneByOne.capacity)
        #expect((old + new).allSatisfy { table.contains($0) })
    }

    @Test(arguments: [1, 2, 3])
    func aRehashOnSeveralWorkersKeepsEveryKey(workers: Int) {
        var generator = SplitMix64(seed: 5)
        let fingerprints = (0..<200_000).map { _ in generator.next() }
        let table = FingerprintTable()
        for fingerprint in fingerprints { _ = table.insert(fingerprint) }
        table.rehash(to: table.capacity * 3, workers: workers)
        #expect(table.count == 200_000)
        #expect(fingerprints.allSatisfy { table.contains($0) })
        #expect(!table.contains(generator.next()))
    }

    @Test func slotsOfALargeTableAreMappedAndAllComeZeroed() {
        let large = SlotMemory(count: SlotMemory.mappedBytes / 8)
        let small = SlotMemory(count: 1_024)
        defer {
            large.deallocate()
            small.deallocate()
        }
        #expect(large.isMapped)
        #expect(!small.isMapped)
        for memory in [large, small] {
            #expect(UnsafeBufferPointer(start: memory.slots, count: memory.count).allSatisfy { $0 == 0 })
        }
    }

    @Test func partsAreRangesOfFingerprintsInOrder() {
        #expect(FingerprintTable.part(of: 1, parts: 4) == 0)
        #expect(FingerprintTable.part(of: UInt64.max, parts: 4) == 3)
        #expect(FingerprintTable.part(of: 1 << 63, parts: 2) == 1)
        #expect(FingerprintTable.part(of: (1 << 63) - 1, parts: 2) == 0)
        let table = FingerprintTable(capacity: 1_000)
        #expect(table.region(0, of: 2) == 0..<500)
        #expect(table.region(1, of: 2) == 500..<1_000)
    }
}
