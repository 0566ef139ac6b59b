import EffectEngine

/// One download, a child feature of ``Downloads``: its own task, `transfer`, moves it
/// along a quarter at a time on the env's clock; `pause` cancels the task, `start` runs
/// it again from where it stopped.
///
/// On its own it knows nothing of the list: its task is named `transfer`, and the parent
/// runs it under the row's scope, `downloads/<n>/transfer`.
enum Download {
    /// Where a download is.
    enum Status: String, Equatable, Sendable {
        /// Not transferring: just added, or paused.
        case paused
        /// The transfer task runs.
        case downloading
        /// All of it arrived.
        case done
    }

    /// One row of the list.
    struct State: Equatable, Identifiable, Sendable {
        /// The row's number, from 1, never reused.
        let id: Int
        /// What is downloaded.
        var name: String
        /// How much has arrived, in percent.
        var progress = 0
        /// Whether it transfers, waits, or is done.
        var status = Status.paused
    }

    /// What can happen to one download.
    enum Event: Equatable, Sendable {
        /// Start or resume the transfer from where it is.
        case start
        /// Stop transferring; what arrived stays.
        case pause
        /// The transfer task reports how much has arrived, in percent.
        case progressed(Int)
    }

    /// The download's task; `pause` cancels it.
    static let transfer = "transfer"

    /// How much one step of the transfer moves, in percent.
    static let chunk = 25

    /// One download's transition function.
    ///
    /// ```swift
    /// var row = Download.State(id: 1, name: "a")
    /// #expect(Download.update(state: &row, event: .start)?.summary == .task(name: "transfer"))
    /// ```
    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        switch event {
        case .start:
            guard state.status == .paused else { return nil }
            state.status = .downloading
            let start = state.progress
            return .task(name: transfer) { input, env in
                var progress = start
                while progress < 100 {
                    try await env.clock.sleep(for: env.step)
                    progress = min(100, progress + chunk)
                    input(.progressed(progress))
                }
            }
        case .pause:
            guard state.status == .downloading else { return nil }
            state.status = .paused
            return .cancel(transfer)
        case .progressed(let percent):
            guard state.status == .downloading else { return nil }
            state.progress = min(100, max(state.progress, percent))
            if state.progress == 100 { state.status = .done }
            return nil
        }
    }
}
