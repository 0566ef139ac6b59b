import EffectEngine
import EffectEngineShared

// T9: the events of a chain, received in order after the send (or the receive) that
// processed them, and the failures of a receive that waits for an event already processed.

extension TestHost {
    /// Takes the first step not yet passed of the last chain the test sent or received
    /// that `matches` accepts, if any, and asserts that step's own change when
    /// `updateExpected` is given; the steps before it are passed. Returns whether a step
    /// was taken.
    ///
    /// Without `updateExpected` only the event is asserted: the state after the whole
    /// chain was asserted by the step that processed it.
    func receiveChainStep(
        matching matches: (Event) -> Bool, assert updateExpected: ((inout State) throws -> Void)?,
        at site: CallSite
    ) -> Bool {
        guard var window = recorder.window,
            let index = window.steps.indices.dropFirst(window.next).first(where: { matches(window.steps[$0].event) })
        else { return false }
        reportPassedChainSteps(before: index, of: window, at: site)
        window.next = index + 1
        window.received.insert(index)
        recorder.window = window
        releaseCheck.setNeedsCheck(true)
        defer { noteUnaccounted() }
        guard let updateExpected else { return true }
        let step = window.steps[index]
        assertChange(
            from: step.before, to: step.after, by: updateExpected,
            after: "receive(\(StateDiff.render(step.event))), step \(index + 1) of the chain of \(window.root.description),",
            at: site)
        return true
    }

    /// One or two sentences saying where an event `matches` accepts was processed
    /// already, inside a send or a chain, and why `receive` cannot take it now; `nil`
    /// when no such event was processed. Events a task delivered are not looked up: the
    /// same event may come again.
    func processedEarlier(matching matches: (Event) -> Bool) -> String? {
        guard
            let position = recorder.processed.last(where: { position in
                guard matches(position.event) else { return false }
                if case .delivered = position.root, position.step == 0 { return false }
                return true
            })
        else { return nil }
        let event = StateDiff.render(position.event)
        if position.step == 0 {
            return "\(event) is the event of \(position.root.description): the send asserted it, and receive "
                + "takes the events tasks deliver and those of a chain."
        }
        let processed = "\(event) was already processed, inside the chain of \(position.root.description) at step "
            + "\(position.step)"
        if let pending = recorder.deliveries.first(where: { $0.chain == position.chain }) {
            return "\(processed), which has not been received yet: receive \(StateDiff.render(pending.event)) first."
        }
        if let window = recorder.window, window.chain == position.chain, let last = window.received.max() {
            return "\(processed), and the test has received step \(last + 1) of that chain, "
                + "\(StateDiff.render(window.steps[last].event)), since: a chain's events are received in "
                + "the order update saw them."
        }
        return "\(processed): a chain's events are received right after the send (or the receive) that processed "
            + "them, before the test sends again or receives an event a task delivered."
    }
}
