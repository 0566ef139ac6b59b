/// The text of an ``ExplorationReport``.
enum ReportText {
    static func make<State, Event>(
        states: Int, transitions: Int, depth: Int, limit: ExplorationReport<State, Event>.Limit?,
        outside: Int? = nil, bytesPerState: Double, checks: [String], unmodelled: [String], failures: [String]
    ) -> String {
        let deep = depth == 1 ? "1 event deep" : "\(depth) events deep"
        let walked =
            "Explored \(Numbers.grouped(states)) states and \(Numbers.grouped(transitions)) transitions, \(deep)"
        var lines: [String] = []
        switch limit {
        case nil:
            lines.append(walked + ": the whole reachable space.")
        case .depth(let bound)?:
            lines.append(
                walked + ": stopped at the depth bound of \(bound); deeper states were not explored.")
        case .states(let bound)?:
            lines.append(walked + ": stopped at the bound of \(Numbers.grouped(bound)) states.")
        case .nondeterminism?:
            lines.append(walked + ": stopped at a transition that gave two different results.")
        }
        if let outside {
            lines.append(Self.outside(outside, of: states))
        }
        lines.append(
            "Visited states are kept as 64-bit fingerprints, \(Numbers.decimal(bytesPerState)) bytes a state; "
                + collisionOdds(states) + ".")
        lines += checks.map { "  " + $0 }
        if !unmodelled.isEmpty {
            lines.append(
                "Tasks with no model (the events they deliver were not explored): "
                    + unmodelled.map { $0 == "(unnamed)" ? "unnamed tasks" : "\"\($0)\"" }.joined(
                        separator: ", ")
                    + ".")
        }
        for failure in failures {
            lines.append("")
            lines.append(failure)
        }
        return lines.joined(separator: "\n")
    }

    /// The line saying how many states lie outside the constraint (X19).
    static func outside(_ outside: Int, of states: Int) -> String {
        let are = outside == 1 ? "1 of them lies" : "\(Numbers.grouped(outside)) of them lie"
        return "\(are) outside the state constraint (checked, not expanded); "
            + "\(Numbers.grouped(states - outside)) within it, as TLC counts distinct states."
    }

    /// How likely it is that two of `states` distinct states share a fingerprint, one
    /// of them then taken for visited: pairs ÷ 2⁶⁴.
    static func collisionOdds(_ states: Int) -> String {
        let pairs = Double(states) * Double(states - 1) / 2
        guard pairs >= 1 else { return "no two can collide" }
        // pairs < 2^(e + 1), so the odds are below 2^(e + 1) in 2^64.
        return "the odds that two share one are below 1 in 2^\(63 - Int(pairs.exponent))"
    }
}

/// Numbers as the report writes them.
package enum Numbers {
    /// `296448` as `296,448`.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }

    /// One decimal: `17.64` as `17.6`.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
