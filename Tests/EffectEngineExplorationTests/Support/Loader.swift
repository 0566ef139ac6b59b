import EffectEngine
import EffectEngineExploration

/// A screen that loads a page: `refresh` starts the load task, which delivers `loaded`
/// or `failed`. The broken copy forgets to clear `isLoading` when the load fails, so its
/// spinner never stops.
enum Loader {
    struct State: Hashable, Sendable {
        var isLoading = false
        var items = 0
        var error: String?
    }

    enum Event: Hashable, Sendable {
        case refresh
        case loaded(Int)
        case failed(String)
        case dismiss
        case retry
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        update(state: &state, event: event, clearsLoadingOnFailure: true)
    }

    static func brokenUpdate(state: inout State, event: Event) -> Effect<Event, Void>? {
        update(state: &state, event: event, clearsLoadingOnFailure: false)
    }

    static func update(state: inout State, event: Event, clearsLoadingOnFailure: Bool) -> Effect<Event, Void>? {
        switch event {
        case .refresh:
            // A refresh while loading is ignored, so a stuck spinner cannot be restarted.
            guard !state.isLoading else { return nil }
            state.isLoading = true
            return .task(name: "load") { input, _ in input(.loaded(3)) }
        case .loaded(let count):
            state.isLoading = false
            state.items = count
            state.error = nil
        case .failed(let message):
            if clearsLoadingOnFailure { state.isLoading = false }
            state.error = message
        case .dismiss:
            state.error = nil
        case .retry:
            return nil
        }
        return nil
    }

    static func explorer(
        _ update: @escaping (inout State, Event) -> Effect<Event, Void>? = Loader.update
    ) -> Explorer<State, Event, Void> {
        Explorer(initialState: State(), update: update) { _ in [.refresh, .dismiss] }
            .task("load", delivers: { _ in [.loaded(3), .failed("offline")] })
            .eventually("loading ends", after: { $0.isLoading }, { !$0.isLoading })
    }
}
