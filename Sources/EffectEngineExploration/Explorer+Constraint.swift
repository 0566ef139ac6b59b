extension Explorer {
    /// Adds a state constraint, TLC's `CONSTRAINT` (X15): a state where `holds` is false
    /// is kept (numbered, counted, and checked against every property) but not expanded,
    /// so the walk stays within the constraint.
    ///
    /// ```swift
    /// // CONSTRAINT x <= 3: the counter is explored up to 4, and no further.
    /// let report = try explorer.constraint { $0.x <= 3 }.explore()
    /// #expect(report.isExhaustive)
    /// ```
    ///
    /// A walk the constraint ends is exhaustive: it saw every state the constraint lets it
    /// reach. Several constraints must all hold.
    ///
    /// How it meets fairness, as in TLC: a behaviour that leaves the constraint is cut
    /// there, so the fair properties (`leadsTo`, `eventuallyHolds`, `alwaysEventually`,
    /// `eventuallyAlways`) consider only the infinite behaviours that stay within it. A
    /// state outside is on no lasso, and a transition to it still enables its fair
    /// classes in the state it leaves: a path may not stutter at the edge of the
    /// constraint while a fair class could take it out, so a property can hold because no
    /// fair behaviour stays within the constraint (TLC says "no error" then too). An
    /// `eventually` property takes a state outside as one that may still reach its goal,
    /// as it takes a state past a bound. TLC checks states outside against the invariants
    /// but does not count them among its distinct states; the explorer counts them, and
    /// says how many lie outside (X19): ``ExplorationReport/statesOutsideConstraint``.
    ///
    /// - Parameter holds: Whether a state is within the constraint.
    /// - Returns: The explorer, with the constraint added.
    public func constraint(_ holds: @escaping (State) -> Bool) -> Explorer {
        var copy = self
        if let previous = constraint {
            copy.constraint = { previous($0) && holds($0) }
        } else {
            copy.constraint = holds
        }
        return copy
    }
}
