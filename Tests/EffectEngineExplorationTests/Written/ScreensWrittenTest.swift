// Written by the explorer for `Screens` (see WrittenTestsTests), pasted as it is: it
// compiles and passes with a stack that has popped, its ids, an alert's buttons and a
// duration in the state (X4). When the explorer's writing changes, paste its new test here.
import EffectEngine
import EffectEngineTesting
import Testing

/// Found by Explorer: always "no wait after an alert" is broken after 6 events.
@Test func noWaitAfterAnAlert() {
    UpdateSpec(Screens.update).given(.init(path: [], top: nil, alert: nil, delay: .seconds(0)))
        .when(
            .push(.detail(7)),
            .push(.record),
            .pop(from: 1),
            .push(.record),
            .askToDelete,
            .wait(.milliseconds(300)))
        .then(effect: nil) {
            $0.path = .init(ids: [0, 2], elements: [.detail(7), .record], nextID: 3)!
            $0.top = 2
            $0.alert = .init(title: "Delete?", message: nil, buttons: [.init("Yes", role: .destructive, action: .confirmDeletion), .init("Nevermind", role: .cancel)], style: .alert)
            $0.delay = .milliseconds(300)
        }
}
