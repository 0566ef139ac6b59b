/// Renders figures as a table or as JSON lines.

extension Figure {
    var json: String {
        var fields = [
            "\"id\":\"\(id)\"",
            "\"ns_per_op\":\(format(nsPerOp, digits: 2))",
            "\"min\":\(format(spread.min, digits: 2))",
            "\"max\":\(format(spread.max, digits: 2))",
            "\"unit\":\"\(unit)\"",
        ]
        fields.append("\"baseline_id\":" + (baselineID.map { "\"\($0)\"" } ?? "null"))
        fields.append("\"ratio\":" + (ratio.map { format($0, digits: 3) } ?? "null"))
        fields += extras.map { "\"\($0.name)\":\($0.value)" }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

func table(_ figures: [Figure], quick: Bool) -> String {
    var lines = [
        quick ? "EffectEngine benchmarks (--quick: rough figures)" : "EffectEngine benchmarks",
        pad("id", 18) + pad("median", 12) + pad("spread", 22) + pad("unit", 10) + pad("ratio", 16)
            + pad("bar", 8)
            + "scenario",
    ]
    for figure in figures {
        let digits = figure.unit == "ratio" ? 3 : figure.unit == "×" ? 2 : 1
        let ratio = figure.ratio.map { format($0, digits: 2) + "× " + (figure.baselineID ?? "") } ?? ""
        lines.append(
            pad(figure.id, 18) + pad(format(figure.nsPerOp, digits: digits), 12)
                + pad(
                    format(figure.spread.min, digits: digits) + "–"
                        + format(figure.spread.max, digits: digits), 22)
                + pad(figure.unit, 10) + pad(ratio, 16) + pad(figure.bar, 8) + figure.scenario)
    }
    return lines.joined(separator: "\n")
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
