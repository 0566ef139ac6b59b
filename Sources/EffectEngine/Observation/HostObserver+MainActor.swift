// Observers made of main-actor functions, for the one host whose loop runs on the main
// actor: `EffectHost` alone builds them (H8), so the checks below cannot fail.

extension HostObserver {
    /// An observer that calls `observe`, a main-actor function, with each activity: only
    /// for an ``EffectHost``, whose observers are called on the main actor.
    ///
    /// ```swift
    /// host.observe(.onMainActor { activity in label.text = "\(activity)" })
    /// ```
    package static func onMainActor(
        _ observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void
    ) -> HostObserver {
        HostObserver { activity in
            // Made on the main actor and never leaving it: not sent anywhere (TCA's `Core`
            // hands its state over the same way).
            nonisolated(unsafe) let activity = activity
            MainActor.assumeIsolated { observe(activity) }
        }
    }

    /// An observer of settled states and other activities, made of main-actor functions:
    /// the line host's console; only for an ``EffectHost``.
    ///
    /// ```swift
    /// host.observe(.onMainActor(settled: { console.show($0) }, otherwise: { console.observe($0) }))
    /// ```
    package static func onMainActor(
        settled: @escaping @MainActor @Sendable (State) -> Void,
        otherwise observe: @escaping @MainActor @Sendable (HostActivity<State, Event>) -> Void
    ) -> HostObserver {
        HostObserver(
            settled: { state in
                nonisolated(unsafe) let state = state
                MainActor.assumeIsolated { settled(state) }
            },
            otherwise: { activity in
                nonisolated(unsafe) let activity = activity
                MainActor.assumeIsolated { observe(activity) }
            })
    }
}
