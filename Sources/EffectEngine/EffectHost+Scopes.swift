// Scopes: cancelling every task under a scope (`.cancel(scope:)`), as composed features
// do when a child leaves the parent's state.

extension EffectHost {
    /// Cancels every live task whose name lies under `scope` (a name ending in `/`), in
    /// start order, each reported as cancelled (R6, R7).
    func cancelTasks(under scope: String) {
        for entry in core.cancelRequested(scope: scope) {
            retire(entry, as: .cancelled(entry.token.info))
        }
    }
}
