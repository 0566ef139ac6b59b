import EffectEngine
import Foundation

extension Todos {
    /// The list's dependencies: where new ids come from, and the clock the sorts wait on.
    struct Env: Sendable {
        /// The clock the delayed sorts sleep on.
        var clock: any Clock<Duration>
        /// Draws the id of a new todo.
        var uuid: UUIDGenerator

        /// The real thing: random ids, and `clock` (the line host's, virtual with
        /// `--virtual-time`).
        ///
        /// ```swift
        /// let env = Todos.Env.live(clock: ContinuousClock())
        /// ```
        static func live(clock: any Clock<Duration> = ContinuousClock()) -> Env {
            Env(clock: clock, uuid: .live)
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
            Env(clock: clock, uuid: .incrementing)
        }
    }
}
