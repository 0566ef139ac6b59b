import EffectEngine

/// TLA+'s `Peterson` (the PlusCal translation of Peterson's mutual exclusion for two
/// processes) as a feature: each process's program counter, its flag and the turn.
/// TLC finds 42 states.
enum Peterson {
    /// The PlusCal labels.
    enum Label: UInt8, Hashable, Sendable {
        case a0, a1, a2, a3, cs, a4
    }

    struct State: Hashable, Sendable {
        /// `pc`, a function from `ProcSet` (processes 0 and 1 here) to a label.
        var pc: [Label] = [.a0, .a0]
        /// `c`.
        var flag: [Bool] = [false, false]
        var turn = 0
    }

    /// `proc(self)`: the step of process `self` at its label.
    enum Event: Hashable, Sendable {
        case step(Int)
    }

    static func other(_ process: Int) -> Int { 1 - process }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        guard case .step(let me) = event else { return nil }
        switch state.pc[me] {
        case .a0:
            state.pc[me] = .a1
        case .a1:
            state.flag[me] = true
            state.pc[me] = .a2
        case .a2:
            state.turn = other(me)
            state.pc[me] = .a3
        case .a3:
            guard !state.flag[other(me)] || state.turn == me else { return nil }
            state.pc[me] = .cs
        case .cs:
            state.pc[me] = .a4
        case .a4:
            state.flag[me] = false
            state.pc[me] = .a0
        }
        return nil
    }

    static func enabled(_ state: State) -> [Event] {
        [.step(0), .step(1)]
    }

    /// `Inv`.
    static func invariant(_ state: State) -> Bool {
        let flagged: Set<Label> = [.a2, .a3, .cs, .a4]
        let locked: Set<Label> = [.cs, .a4]
        for p in 0..<2 {
            guard state.flag[p] == flagged.contains(state.pc[p]) else { return false }
            if locked.contains(state.pc[p])
                && !(state.turn == p || [.a0, .a1, .a2].contains(state.pc[other(p)]))
            {
                return false
            }
        }
        return !(locked.contains(state.pc[0]) && locked.contains(state.pc[1]))
    }
}
