import EffectEngine
import Foundation

/// A feature whose state holds Foundation values, for the tests the explorer writes (X4).
enum Ledger {
    struct State: Hashable, Sendable {
        var id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
        var opened = Date(timeIntervalSinceReferenceDate: 0)
        var link: URL? = nil
        var payload = Data()
        var balance = Decimal(0)
        var marked = IndexSet()
        var tags: Set<String> = []
        var counts: [String: Int] = [:]
    }

    enum Event: Hashable, Sendable {
        case open(UUID, at: Date)
        case link(URL)
        case store(Data)
        case deposit(Decimal)
        case mark(IndexSet)
        case tag(String)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .open(let id, let date):
            state.id = id
            state.opened = date
        case .link(let url):
            state.link = url
        case .store(let data):
            state.payload = data
        case .deposit(let amount):
            state.balance += amount
        case .mark(let indexes):
            state.marked.formUnion(indexes)
        case .tag(let tag):
            state.tags.insert(tag)
            state.counts[tag, default: 0] += 1
        }
        return nil
    }

    /// One step of each kind, in order: a trace of them all is the shortest way to a
    /// state where every field is set.
    static func enabled(_ state: State) -> [Event] {
        if state.opened == Date(timeIntervalSinceReferenceDate: 0) {
            return [.open(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, at: Date(timeIntervalSinceReferenceDate: 751_234_567.25))]
        }
        if state.link == nil { return [.link(URL(string: "https://example.com/ledger?id=7&q=a%20b")!)] }
        if state.payload.isEmpty { return [.store(Data([0x00, 0x7F, 0xFF]))] }
        if state.balance == 0 { return [.deposit(Decimal(string: "12.75")!)] }
        if state.marked.isEmpty { return [.mark(IndexSet([0, 1, 2, 7]))] }
        if state.tags.count < 2 { return [.tag(state.tags.isEmpty ? "b" : "a")] }
        return []
    }
}
