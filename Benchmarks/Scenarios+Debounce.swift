import EffectEngine

extension Scenarios {
    /// Reissues of a debounced named task against reissues of a plain one, measured in
    /// alternation: a debounced issue is a plain named task whose body first sleeps on
    /// the host's clock until its deadline, so a reissue pays for a read of the clock and
    /// one closure more.
    ///
    /// Alternation matters here: every replaced body's cancelled sleep leaves its timer
    /// queued until the deadline (an hour away), so whatever runs later in the process
    /// finds a larger timer queue; measured one after the other, the later figure would
    /// pay for the earlier one's timers.
    mutating func debounce() async {
        var count = 2_000
        let target = budget.minimumSeconds * 1e9
        while count < 1 << 24 {
            let elapsed = await replacing(count, others: 0, with: .reissueDebounced)
            guard elapsed < target else { break }
            count = Int(Double(count) * (elapsed > 0 ? min(10, max(2, target / elapsed * 1.2)) : 10))
        }
        var plain: [Double] = []
        var debounced: [Double] = []
        for _ in 0..<budget.repetitions {
            plain.append(await replacing(count, others: 0) / Double(count))
            debounced.append(await replacing(count, others: 0, with: .reissueDebounced) / Double(count))
        }
        add(
            "debounce.baseline",
            "reissue a plain named sleeping task (as replace0), in alternation with debounce",
            Self.summary(plain))
        add(
            "debounce", "reissue a debounced (1 h) named task until the replaced body ended",
            Self.summary(debounced), baseline: "debounce.baseline", bar: "≤ 1.5×")
    }
}
