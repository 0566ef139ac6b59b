import EffectEngine
import Foundation
import Synchronization

extension Todos {
    /// The list's dependencies: where new ids come from, and the clock the sorts wait on.
    struct Env: Sendable {
        /// The clock the delayed sorts sleep on.
        var clock: any Clock<Duration>
        /// Draws the id of a new todo.
        var uuid: @Sendable () -> UUID

        /// The real thing: random ids, and `clock` (the line host's, virtual with
        /// `--virtual-time`).
        ///
        /// ```swift
        /// let env = Todos.Env.live(clock: ContinuousClock())
        /// ```
        static func live(clock: any Clock<Duration> = ContinuousClock()) -> Env {
            Env(clock: clock, uuid: { UUID() })
        }

        /// For tests: a clock the test moves, and ids counting up from
        /// `00000000-0000-0000-0000-000000000000`.
        ///
        /// ```swift
        /// let env = Todos.Env.mock(clock: clock)
        /// #expect(env.uuid() == UUID(0))
        /// #expect(env.uuid() == UUID(1))
        /// ```
        static func mock(clock: any Clock<Duration>) -> Env {
            Env(clock: clock, uuid: UUID.incrementing())
        }
    }
}

extension UUID {
    /// The id whose last twelve hex digits are `value`, the rest zero: `UUID(1)` is
    /// `00000000-0000-0000-0000-000000000001`.
    ///
    /// ```swift
    /// #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    /// ```
    ///
    /// - Parameter value: From 0 to 2^48 − 1.
    init(_ value: Int) {
        precondition((0..<(1 << 48)).contains(value), "UUID(\(value)): from 0 to 2^48 - 1")
        let digits = String(value, radix: 16)
        self.init(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
    }

    /// A generator of ids counting up from `UUID(0)`, one each call: deterministic ids
    /// for tests.
    ///
    /// ```swift
    /// let uuid = UUID.incrementing()
    /// #expect([uuid(), uuid()] == [UUID(0), UUID(1)])
    /// ```
    static func incrementing() -> @Sendable () -> UUID {
        let counter = Counter()
        return { UUID(counter.next()) }
    }

    /// The count behind ``incrementing()``.
    private final class Counter: Sendable {
        private let value = Mutex(0)

        func next() -> Int {
            value.withLock { value in
                defer { value += 1 }
                return value
            }
        }
    }
}
