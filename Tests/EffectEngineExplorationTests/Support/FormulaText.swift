import EffectEngineExploration

/// Reads the prefix notation of `Scripts/tlc-formula-fixtures` (`always(implies(P,act(1)))`)
/// as a formula over a ``TransitionTable``: `P` and `Q` are sets of states, `act(a)` is
/// `<<A(a)>>_s`, `step(a)` is `[A(a)]_s` and `enabled(a)` is `ENABLED <<A(a)>>_s`, an
/// action being, as in the spec, the relation of the table's transitions by `a`.
struct FormulaText {
    typealias Formula = TemporalFormula<Int, TransitionTable.Event>

    let table: TransitionTable
    let p: Set<Int>
    let q: Set<Int>

    func formula(_ text: String) -> Formula? {
        var rest = Substring(text)
        guard let formula = parse(&rest), rest.isEmpty else { return nil }
        return formula
    }

    private func parse(_ text: inout Substring) -> Formula? {
        let name = text.prefix { $0.isLetter }
        text = text.dropFirst(name.count)
        switch name {
        case "P":
            let p = p
            return .state { p.contains($0) }
        case "Q":
            let q = q
            return .state { q.contains($0) }
        default:
            break
        }
        guard text.first == "(" else { return nil }
        text = text.dropFirst()
        var arguments: [Formula] = []
        var action: Int?
        if let digit = text.first, digit.isNumber {
            let digits = text.prefix { $0.isNumber }
            action = Int(digits)
            text = text.dropFirst(digits.count)
        } else {
            while true {
                guard let argument = parse(&text) else { return nil }
                arguments.append(argument)
                guard text.first == "," else { break }
                text = text.dropFirst()
            }
        }
        guard text.first == ")" else { return nil }
        text = text.dropFirst()
        let transitions = Set(table.transitions)
        func relation(_ a: Int) -> (Int, TransitionTable.Event, Int) -> Bool {
            { state, _, next in transitions.contains(.init(from: state, action: a, to: next)) }
        }
        switch (name, action, arguments.count) {
        case ("act", let a?, 0): return .action(relation(a))
        case ("step", let a?, 0): return .step(relation(a))
        case ("enabled", let a?, 0): return .enabled(relation(a))
        case ("not", nil, 1): return !arguments[0]
        case ("always", nil, 1): return .always(arguments[0])
        case ("eventually", nil, 1): return .eventually(arguments[0])
        case ("and", nil, 2): return arguments[0] && arguments[1]
        case ("or", nil, 2): return arguments[0] || arguments[1]
        case ("implies", nil, 2): return .implies(arguments[0], arguments[1])
        case ("leadsTo", nil, 2): return .leadsTo(arguments[0], arguments[1])
        default: return nil
        }
    }
}
