#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import EffectEngineShared

/// Where an env's new ids come from (N14, swift-dependencies' `UUIDGenerator`): random ids
/// live, ids counting up from `UUID(0)` in a test, so a test spells the ids it expects.
///
/// An env holds one and calls it from a task or an `.action`, which keeps `update` pure:
///
/// ```swift
/// struct Env: Sendable { var uuid: UUIDGenerator }
///
/// case .add:
///     return .action { env in .added(id: env.uuid()) }
///
/// let live = Env(uuid: .live)
/// let test = Env(uuid: .incrementing)   // UUID(0), UUID(1), …
/// ```
public struct UUIDGenerator: Sendable {
    private let generate: @Sendable () -> UUID

    /// A generator that calls `generate` for each id.
    ///
    /// ```swift
    /// let uuid = UUIDGenerator { UUID() }
    /// ```
    ///
    /// - Parameter generate: Makes one id.
    public init(_ generate: @escaping @Sendable () -> UUID) {
        self.generate = generate
    }

    /// A new id.
    ///
    /// ```swift
    /// let id = env.uuid()
    /// ```
    ///
    /// - Returns: The id.
    public func callAsFunction() -> UUID { generate() }

    /// Random ids, `UUID()`.
    ///
    /// ```swift
    /// let env = Env(uuid: .live)
    /// ```
    public static var live: UUIDGenerator { UUIDGenerator { UUID() } }

    /// Ids counting up from `UUID(0)`, one each call, with a count of their own for each
    /// generator made.
    ///
    /// ```swift
    /// let uuid = UUIDGenerator.incrementing
    /// #expect([uuid(), uuid()] == [UUID(0), UUID(1)])
    /// ```
    public static var incrementing: UUIDGenerator { incrementing(from: 0) }

    /// Ids counting up from `UUID(first)`, one each call.
    ///
    /// ```swift
    /// let uuid = UUIDGenerator.incrementing(from: 10)
    /// #expect(uuid() == UUID(10))
    /// ```
    ///
    /// - Parameter first: The number of the first id, from 0.
    /// - Returns: The generator.
    public static func incrementing(from first: Int) -> UUIDGenerator {
        let count = Count(first)
        return UUIDGenerator { UUID(count.take()) }
    }

    /// The same id every call.
    ///
    /// ```swift
    /// let uuid = UUIDGenerator.constant(UUID(7))
    /// ```
    ///
    /// - Parameter id: The id.
    /// - Returns: The generator.
    public static func constant(_ id: UUID) -> UUIDGenerator { UUIDGenerator { id } }
}

/// A count shared by the calls of one generator, from any thread. `Locked`, on a pthread
/// mutex, not `Mutex`: the thread sanitizer sees its ordering.
final class Count: Sendable {
    private let count: Locked<Int>

    init(_ first: Int) {
        count = Locked(first)
    }

    /// The count, then one more.
    func take() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}

extension UUID {
    /// The id whose last twelve hex digits are `value`, the rest zero: `UUID(1)` is
    /// `00000000-0000-0000-0000-000000000001`. What ``UUIDGenerator/incrementing`` draws,
    /// so a test spells the ids it expects.
    ///
    /// ```swift
    /// #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    /// ```
    ///
    /// - Parameter value: From 0 to 2^48 − 1; any other value is a programming error.
    public init(_ value: Int) {
        precondition((0..<(1 << 48)).contains(value), "UUID(\(value)): from 0 to 2^48 - 1")
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<6 { raw[15 - index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        }
        self.init(uuid: bytes)
    }
}
