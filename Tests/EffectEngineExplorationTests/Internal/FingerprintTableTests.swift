import Testing

@testable import EffectEngineExploration

@Suite("FingerprintTable")
struct FingerprintTableTests {
    @Test func insertsOnceAndGrowsKeepingEverything() {
        let table = FingerprintTable()
        var generator = SplitMix(seed: 7)
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
}

/// A small deterministic generator of well-mixed 64-bit values.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
