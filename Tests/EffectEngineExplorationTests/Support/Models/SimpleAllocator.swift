import EffectEngine

/// TLA+'s `SimpleAllocator` as a feature: clients request sets of resources, the
/// allocator grants any part of a request that is free, and clients return any part of
/// what they hold. TLC finds 400 states with 3 clients and 2 resources.
///
/// A set of resources is a bit set (`SUBSET Resources` is every `UInt8` below
/// `1 << resources`), and `unsat` and `alloc`, functions from clients, are arrays.
enum SimpleAllocator {
    struct State: Hashable, Sendable {
        /// `unsat[c]`: the resources client `c` asked for and has not been given.
        var unsatisfied: [UInt8]
        /// `alloc[c]`: the resources client `c` holds.
        var allocated: [UInt8]
        let resources: Int

        /// `Init`: nobody asks for or holds anything.
        init(clients: Int, resources: Int) {
            unsatisfied = Array(repeating: 0, count: clients)
            allocated = Array(repeating: 0, count: clients)
            self.resources = resources
        }

        /// `available`: the resources no client holds.
        var available: UInt8 { allocated.reduce(UInt8(1 << resources - 1)) { $0 & ~$1 } }
    }

    enum Event: Hashable, Sendable {
        case request(client: Int, UInt8)
        case allocate(client: Int, UInt8)
        case `return`(client: Int, UInt8)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        switch event {
        case .request(let c, let set):
            guard state.unsatisfied[c] == 0, state.allocated[c] == 0, set != 0 else { return nil }
            state.unsatisfied[c] = set
        case .allocate(let c, let set):
            guard set != 0, set & ~(state.available & state.unsatisfied[c]) == 0 else { return nil }
            state.allocated[c] |= set
            state.unsatisfied[c] &= ~set
        case .return(let c, let set):
            guard set != 0, set & ~state.allocated[c] == 0 else { return nil }
            state.allocated[c] &= ~set
        }
        return nil
    }

    /// `Next`: `\E c \in Clients, S \in SUBSET Resources`, each action's guard left to
    /// `update`.
    static func enabled(_ state: State) -> [Event] {
        var events: [Event] = []
        for c in state.allocated.indices {
            for set in UInt8(1)..<UInt8(1 << state.resources) {
                events += [.request(client: c, set), .allocate(client: c, set), .return(client: c, set)]
            }
        }
        return events
    }

    /// `ResourceMutex`: no resource is held by two clients.
    static func resourceMutex(_ state: State) -> Bool {
        var held: UInt8 = 0
        for set in state.allocated {
            if held & set != 0 { return false }
            held |= set
        }
        return true
    }

    /// `Symmetry == Permutations(Clients)`: clients only have numbers, so the
    /// representative lists them sorted by what they ask for and hold.
    static func canonical(_ state: State) -> State {
        let order = state.allocated.indices.sorted {
            (state.unsatisfied[$0], state.allocated[$0]) < (state.unsatisfied[$1], state.allocated[$1])
        }
        var sorted = state
        sorted.unsatisfied = order.map { state.unsatisfied[$0] }
        sorted.allocated = order.map { state.allocated[$0] }
        return sorted
    }
}
