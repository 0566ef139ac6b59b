import EffectEngine
import EffectEngineShared

// T9 as amended in wave 5: an exhaustive test receives every event of a chain, as TCA's
// TestStore receives every action an effect sent. A step left unreceived fails the next
// step that moves on from its chain (a send, a receive of a delivered event, finish()),
// naming it; a receive of a step already received fails at once, saying so.

extension TestHost {
    /// The events of the chain `receive` may take now that the test has not received,
    /// in order.
    var unreceivedChainEvents: [Event] {
        guard let window = recorder.window, window.next < window.steps.count else { return [] }
        return window.steps[window.next...].map(\.event)
    }

    /// Fails an exhaustive test for the events of the current chain not received, naming
    /// them, as the test moves on to `step`; the chain is then done with.
    func reportUnreceivedChainEvents(before step: String, at site: CallSite) {
        guard var window = recorder.window else { return }
        let left = unreceivedChainEvents
        window.next = window.steps.count
        recorder.window = window
        guard !left.isEmpty else { return }
        // A test that is not exhaustive skips them, as it skips a chain's events on the way
        // to the one it receives.
        guard !left.isEmpty, exhaustivity.isExhaustive else { return }
        let list = left.map { "  " + StateDiff.render($0) }.joined(separator: "\n")
        site.fail(
            "\(left.count) event(s) of the chain of \(window.root.description) were not received before "
                + "\(step):\n\(list)\nReceive each, in order, right after the step that processed them (TCA's "
                + "receive of an Effect.send action).")
    }

    /// Fails the test when the steps of the current chain before the one `receive` took,
    /// at `index`, were not received: an exhaustive test receives them in order.
    func reportPassedChainSteps(before index: Int, of window: ActivityRecorder<State, Event>.ChainWindow, at site: CallSite) {
        guard index > window.next else { return }
        let passed = window.steps[window.next..<index].map { "  " + StateDiff.render($0.event) }
        let taken = StateDiff.render(window.steps[index].event)
        let heading = "receive(\(taken)) passed \(passed.count) event(s) of the chain of \(window.root.description)"
        guard exhaustivity.isExhaustive else { return }
        site.fail("\(heading) that were not received, in the order update saw them:\n" + passed.joined(separator: "\n"))
    }

    /// A sentence saying that an event `matches` accepts is a step of the current chain
    /// the test received already, or passed over (H9: a step passed is not said to be
    /// received); `nil` when it is neither.
    func alreadyReceived(matching matches: (Event) -> Bool) -> String? {
        guard let window = recorder.window,
            let index = window.steps.indices.prefix(window.next).last(where: { matches(window.steps[$0].event) })
        else { return nil }
        let event = StateDiff.render(window.steps[index].event)
        let step = "step \(index + 1) of the chain of \(window.root.description)"
        if window.received.contains(index) {
            return "\(event) was received already: it is \(step), and the test received it. Each event is "
                + "received once."
        }
        guard let later = window.received.filter({ $0 > index }).min() else {
            return "\(event) was passed over: it is \(step), and the test moved on from that chain without "
                + "receiving it. A chain's events are received right after the step that processed them, "
                + "in order."
        }
        let taken = StateDiff.render(window.steps[later].event)
        return "\(event) was passed over: it is \(step), and receive(\(taken)) took step \(later + 1) after it. "
            + "A chain's events are received once each, in the order update saw them."
    }

    /// Where an event `receive` waits for, and nothing can send, went: for a dismissal, that
    /// it was handled in place, with no event, and by which step; else that no event like
    /// it was processed (T13).
    func handledInPlace(_ description: String) -> String {
        guard description.contains("dismiss") else {
            return "no event like it was processed, and nothing is left to send one."
        }
        if isDismissed {
            return "the feature under test dismissed itself, after \(dismissal): a test host takes a .dismiss at "
                + "the root as the end of its presentation (isDismissed), with no event."
        }
        let last = recorder.processed.last.map { " by " + $0.root.description } ?? ""
        return "a dismissal was handled in place\(last), with no event: an alert or a confirmation dialog "
            + "answered by a button leaves in the transition of the button's event, as the platforms dismiss it, "
            + "so that step asserts its removal."
    }

    /// What the feature under test dismissed itself with, as a `send` after it says: the
    /// event whose `.dismiss` reached the test host (T10).
    var dismissal: String {
        for activity in recorder.activities.reversed() {
            if case .diagnostic(.nowhereToDismiss(let event)) = activity { return event }
        }
        return "an event"
    }
}
