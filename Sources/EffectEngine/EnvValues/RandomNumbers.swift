import EffectEngineShared

/// Where an env's random numbers come from (N14, swift-dependencies'
/// `WithRandomNumberGenerator`): the system's generator live, a seeded one in a test, so
/// the same seed draws the same numbers on every run and platform.
///
/// It is a `RandomNumberGenerator` that is `Sendable`: copies share one sequence, so a task
/// takes a copy and draws from it.
///
/// ```swift
/// struct Env: Sendable { var random: RandomNumbers }
///
/// case .roll:
///     return .action { env in
///         var random = env.random
///         return .rolled(Int.random(in: 1...6, using: &random))
///     }
///
/// let test = Env(random: .seeded(42))
/// ```
public struct RandomNumbers: RandomNumberGenerator, Sendable {
    private let source: Source

    /// The system's generator, `SystemRandomNumberGenerator`.
    ///
    /// ```swift
    /// let env = Env(random: .live)
    /// ```
    public static var live: RandomNumbers { RandomNumbers(source: .system) }

    /// A generator that draws the same numbers for the same seed (SplitMix64), on every run
    /// and platform.
    ///
    /// ```swift
    /// var first = RandomNumbers.seeded(7), second = RandomNumbers.seeded(7)
    /// #expect(first.next() == second.next())
    /// ```
    ///
    /// - Parameter seed: The seed.
    /// - Returns: The generator.
    public static func seeded(_ seed: UInt64) -> RandomNumbers {
        RandomNumbers(source: .seeded(SeededState(seed)))
    }

    /// The next 64 random bits.
    ///
    /// ```swift
    /// var random = RandomNumbers.seeded(1)
    /// let bits = random.next()
    /// ```
    ///
    /// - Returns: The bits.
    public mutating func next() -> UInt64 {
        switch source {
        case .system:
            var system = SystemRandomNumberGenerator()
            return system.next()
        case .seeded(let state):
            return state.next()
        }
    }

    private enum Source: Sendable {
        case system
        case seeded(SeededState)
    }

    /// SplitMix64's state, shared by the copies of one seeded generator, under a
    /// `Locked` (the thread sanitizer sees a pthread mutex's ordering, not `Mutex`'s).
    private final class SeededState: Sendable {
        private let state: Locked<UInt64>

        init(_ seed: UInt64) {
            state = Locked(seed)
        }

        func next() -> UInt64 {
            state.withLock { state in
                state &+= 0x9E37_79B9_7F4A_7C15
                var mixed = state
                mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                return mixed ^ (mixed >> 31)
            }
        }
    }
}
