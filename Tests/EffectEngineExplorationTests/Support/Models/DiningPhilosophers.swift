import EffectEngine

/// TLA+'s `DiningPhilosophers` (the Chandy–Misra solution, in PlusCal) as a feature:
/// forks with a holder and a clean flag, philosophers who hand dirty forks to their
/// neighbours, eat with two clean forks and think. TLC finds 67 states with 5.
enum DiningPhilosophers {
    /// A record `[holder |-> p, clean |-> b]`.
    struct Fork: Hashable, Sendable {
        var holder: Int
        var clean: Bool
    }

    enum Label: UInt8, Hashable, Sendable {
        case loop, eat, think
    }

    struct State: Hashable, Sendable {
        /// `forks`: fork `f` is philosopher `f`'s left one and philosopher `f - 1`'s right.
        var forks: [Fork]
        var hungry: [Bool]
        var pc: [Label]

        /// `Init`, with philosophers and forks numbered from 0: fork 1 starts with
        /// philosopher 0, every other fork with its own number.
        init(philosophers count: Int) {
            forks = (0..<count).map { Fork(holder: $0 == 1 ? 0 : $0, clean: false) }
            hungry = Array(repeating: true, count: count)
            pc = Array(repeating: .loop, count: count)
        }

        func left(_ p: Int) -> Int { p }
        func right(_ p: Int) -> Int { (p + 1) % forks.count }
        func leftPhilosopher(_ p: Int) -> Int { (p + forks.count - 1) % forks.count }
        func rightPhilosopher(_ p: Int) -> Int { (p + 1) % forks.count }

        func canEat(_ p: Int) -> Bool {
            forks[left(p)].holder == p && forks[right(p)].holder == p && forks[left(p)].clean
                && forks[right(p)].clean
        }
    }

    /// `Philosopher(self)`: the step of philosopher `self` at its label.
    enum Event: Hashable, Sendable {
        case step(Int)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        guard case .step(let p) = event else { return nil }
        switch state.pc[p] {
        case .loop:
            // `CanEat` reads the forks before this step hands one over.
            let canEat = state.canEat(p)
            let left = state.left(p)
            let right = state.right(p)
            if state.forks[left].holder == p && !state.forks[left].clean {
                state.forks[left] = Fork(holder: state.leftPhilosopher(p), clean: true)
            } else if state.forks[right].holder == p && !state.forks[right].clean {
                state.forks[right] = Fork(holder: state.rightPhilosopher(p), clean: true)
            }
            state.pc[p] = state.hungry[p] ? (canEat ? .eat : .loop) : .think
        case .think:
            state.hungry[p] = true
            state.pc[p] = .loop
        case .eat:
            state.hungry[p] = false
            state.forks[state.left(p)].clean = false
            state.forks[state.right(p)].clean = false
            state.pc[p] = .loop
        }
        return nil
    }

    static func enabled(_ state: State) -> [Event] {
        state.pc.indices.map(Event.step)
    }

    /// `ExclusiveAccess`: two philosophers who share a fork never eat at once.
    static func exclusiveAccess(_ state: State) -> Bool {
        for p in state.pc.indices where state.pc[p] == .eat {
            for q in state.pc.indices where q != p && state.pc[q] == .eat {
                let mine: Set = [state.left(p), state.right(p)]
                if !mine.isDisjoint(with: [state.left(q), state.right(q)]) { return false }
            }
        }
        return true
    }
}
