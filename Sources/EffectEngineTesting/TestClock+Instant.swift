extension TestClock {
    /// A point in a ``TestClock``'s time: the duration since the clock's origin.
    ///
    /// ```swift
    /// let later = TestClock.Instant.zero.advanced(by: .seconds(1))
    /// #expect(TestClock.Instant.zero.duration(to: later) == .seconds(1))
    /// ```
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The duration since the clock's origin.
        ///
        /// ```swift
        /// await clock.advance(by: .seconds(3))
        /// #expect(clock.now.offset == .seconds(3))
        /// ```
        public let offset: Duration

        /// The clock's origin.
        ///
        /// ```swift
        /// let clock = TestClock(now: .zero)
        /// ```
        public static let zero = Instant(offset: .zero)

        /// Creates the instant `offset` after the origin.
        ///
        /// ```swift
        /// let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
        /// ```
        ///
        /// - Parameter offset: The duration since the origin.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        ///
        /// ```swift
        /// let deadline = clock.now.advanced(by: .milliseconds(300))
        /// ```
        ///
        /// - Parameter duration: How much later.
        /// - Returns: The later instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        ///
        /// ```swift
        /// #expect(Instant.zero.duration(to: Instant(offset: .seconds(1))) == .seconds(1))
        /// ```
        ///
        /// - Parameter other: The later (or earlier) instant.
        /// - Returns: The signed duration between them.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// ```swift
        /// #expect(Instant.zero < Instant(offset: .seconds(1)))
        /// ```
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, such as `1.5 seconds`.
        ///
        /// ```swift
        /// #expect("\(TestClock.Instant(offset: .seconds(1.5)))" == "1.5 seconds")
        /// ```
        public var description: String { "\(offset)" }
    }
}
