/// The causal tree of one `perform`: how many of its parts are still open.
///
/// A part is an event not yet processed or a task not yet ended. The tree settles when
/// the count reaches zero and resumes its waiter. Used on the main actor only.
@usableFromInline
final class PerformTree {
    private var open = 0
    private var waiter: CheckedContinuation<Void, Never>?
    @usableFromInline private(set) var isSettled = false

    @usableFromInline init(waiter: CheckedContinuation<Void, Never>? = nil) {
        self.waiter = waiter
    }

    /// A part joined the tree.
    @usableFromInline func partOpened() {
        open += 1
    }

    /// A part of the tree finished: an event's chain ran, or a task ended or was cancelled.
    @usableFromInline func partClosed() {
        open -= 1
        if open == 0 { settle() }
    }

    /// Waits until the tree settles; returns at once if it has.
    @MainActor func settled() async {
        guard !isSettled else { return }
        await withCheckedContinuation { waiter = $0 }
    }

    private func settle() {
        isSettled = true
        waiter?.resume()
        waiter = nil
    }

    deinit {
        // A tree dropped with its host still releases whoever waits on it: no hangs.
        waiter?.resume()
    }
}
