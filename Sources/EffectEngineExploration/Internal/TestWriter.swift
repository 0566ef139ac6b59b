/// Writes a trace as a Swift Testing test that replays it with an `UpdateSpec`:
///
/// ```swift
/// /// Found by Explorer: always "the count stays below 2" is broken after 3 events.
/// @Test func theCountStaysBelow2() {
///     spec.given(.init(count: 0, isRunning: false))
///         .when(
///             .start,
///             .tick,  // from task "ticker"
///             .tick)  // from task "ticker"
///         .then(effect: nil) {
///             $0.count = 2
///             $0.isRunning = true
///         }
/// }
/// ```
///
/// The spec steps every event as the walk did, task outcomes included, so the test
/// reaches the reported state; `then` pins that state, and the last event's effect.
struct TestWriter<State, Event> {
    let code: TestCode<State, Event>

    func test(named name: String, saying message: String, trace: ExplorationTrace<State, Event>) -> String? {
        guard let last = trace.steps.last else { return nil }
        let spell = code.event ?? { SwiftCode.literal($0) }
        let given = code.state.map { $0(trace.initialState) } ?? SwiftCode.literal(trace.initialState)
        var lines = [
            "/// Found by Explorer: \(message).",
            "@Test func \(SwiftCode.identifier(name))() {",
            "    \(code.spec).given(\(given))",
        ]
        let events = trace.steps.map { step in
            (text: spell(step.event), note: step.task.map { "  // from task \($0.debugDescription)" } ?? "")
        }
        if events.count == 1 {
            lines.append("        .when(\(events[0].text))\(events[0].note)")
        } else {
            lines.append("        .when(")
            for (index, event) in events.enumerated() {
                let end = index == events.count - 1 ? ")" : ","
                lines.append("            \(event.text)\(end)\(event.note)")
            }
        }
        let effect = SwiftCode.effect(last.effect)
        if let state = code.state {
            lines.append("        .then(\(state(trace.state)), effect: \(effect))")
        } else if let changes = SwiftCode.assignments(from: trace.initialState, to: trace.state) {
            if changes.isEmpty {
                lines.append("        .then(effect: \(effect))")
            } else {
                lines.append("        .then(effect: \(effect)) {")
                lines += changes.map { "            " + $0 }
                lines.append("        }")
            }
        } else {
            lines.append("        .then(\(SwiftCode.literal(trace.state)), effect: \(effect))")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
