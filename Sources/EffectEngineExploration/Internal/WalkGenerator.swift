/// The random numbers of a simulation: SplitMix64, so the same seed gives the same walk
/// on every platform and every run (Swift's `SystemRandomNumberGenerator` cannot be
/// seeded, and the standard library promises no particular generator).
struct WalkGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number below `count`, which must be positive.
    mutating func below(_ count: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(count))
    }
}
