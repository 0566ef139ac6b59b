import EffectEngine

/// One row of the identified-rows scenario: an id and a little state, as a todo is.
struct BenchRow: Identifiable, Sendable {
    let id: Int
    var count = 0
}

extension Scenarios {
    /// Reading rows by id from an `IdentifiedArray` of 10,000 rows, against a `Dictionary`
    /// keyed by the same ids, in the same run (N13: within 1.5× of the dictionary).
    mutating func rows(count: Int = 10_000) async {
        let ids = (0..<count).map { ($0 &* 7_919) % count }
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, BenchRow(id: $0)) })
        let rows = IdentifiedArray((0..<count).map { BenchRow(id: $0) })
        add(
            "rows.dictionary", "dictionary[id] of \(count) rows, ids in a scattered order",
            await measure(budget, initial: 100_000) { n in
                var total = 0
                let time = await timed {
                    for index in 0..<n { total &+= dictionary[ids[index % count]]?.count ?? 1 }
                }
                blackHole(total)
                return time
            })
        add(
            "rows.identified", "identifiedArray[id: id] of \(count) rows, the same ids",
            await measure(budget, initial: 100_000) { n in
                var total = 0
                let time = await timed {
                    for index in 0..<n { total &+= rows[id: ids[index % count]]?.count ?? 1 }
                }
                blackHole(total)
                return time
            }, baseline: "rows.dictionary", bar: "≤ 1.5×")
    }
}
