// Written by the explorer for `Ledger` (see WrittenTestsTests), pasted as it is: it
// compiles and passes with Foundation values in the state and the events (X4). When the
// explorer's writing changes, paste its new test here.
import EffectEngineTesting
import Foundation
import Testing

/// Found by Explorer: always "two tags at most once" is broken after 7 events.
@Test func twoTagsAtMostOnce() {
    UpdateSpec(Ledger.update).given(.init(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, opened: Date(timeIntervalSinceReferenceDate: 0.0), link: nil, payload: Data([]), balance: Decimal(string: "0")!, marked: IndexSet([]), tags: [], counts: [:]))
        .when(
            .open(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, at: Date(timeIntervalSinceReferenceDate: 751234567.25)),
            .link(URL(string: "https://example.com/ledger?id=7&q=a%20b")!),
            .store(Data([0x0, 0x7F, 0xFF])),
            .deposit(Decimal(string: "12.75")!),
            .mark(IndexSet([0, 1, 2, 7])),
            .tag("b"),
            .tag("a"))
        .then(effect: nil) {
            $0.id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            $0.opened = Date(timeIntervalSinceReferenceDate: 751234567.25)
            $0.link = URL(string: "https://example.com/ledger?id=7&q=a%20b")!
            $0.payload = Data([0x0, 0x7F, 0xFF])
            $0.balance = Decimal(string: "12.75")!
            $0.marked = IndexSet([0, 1, 2, 7])
            $0.tags = ["a", "b"]
            $0.counts = ["a": 1, "b": 1]
        }
}
