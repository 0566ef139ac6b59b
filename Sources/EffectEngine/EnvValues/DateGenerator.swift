#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where an env's "now" comes from (N14, swift-dependencies' `DateGenerator`): the system's
/// time live, a fixed date in a test, so the dates a feature stamps are known.
///
/// ```swift
/// struct Env: Sendable { var date: DateGenerator }
///
/// case .save:
///     return .action { env in .saved(at: env.date.now) }
///
/// let test = Env(date: .constant(Date(timeIntervalSince1970: 1_234_567_890)))
/// ```
public struct DateGenerator: Sendable {
    private let generate: @Sendable () -> Date

    /// A generator that calls `generate` for each reading.
    ///
    /// ```swift
    /// let date = DateGenerator { Date() }
    /// ```
    ///
    /// - Parameter generate: Reads the date.
    public init(_ generate: @escaping @Sendable () -> Date) {
        self.generate = generate
    }

    /// The date now.
    ///
    /// ```swift
    /// let stamp = env.date.now
    /// ```
    public var now: Date { generate() }

    /// The date now, as ``now`` reads it.
    ///
    /// ```swift
    /// let stamp = env.date()
    /// ```
    ///
    /// - Returns: The date.
    public func callAsFunction() -> Date { generate() }

    /// The system's time, `Date()`.
    ///
    /// ```swift
    /// let env = Env(date: .live)
    /// ```
    public static var live: DateGenerator { DateGenerator { Date() } }

    /// The same date every reading.
    ///
    /// ```swift
    /// let date = DateGenerator.constant(Date(timeIntervalSince1970: 0))
    /// #expect(date.now == Date(timeIntervalSince1970: 0))
    /// ```
    ///
    /// - Parameter date: The date.
    /// - Returns: The generator.
    public static func constant(_ date: Date) -> DateGenerator { DateGenerator { date } }
}
