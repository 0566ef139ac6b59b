import EffectEngine
import EffectEngineShared

extension LivenessCheck {
    /// X7: from every trigger state a goal state stays reachable.
    func staysReachable(_ name: String, trigger: [Bool], goal: [Bool], _ paths: LivenessPaths) -> Violation? {
        // Backwards from every goal state (and every state the walk left open): the
        // states that can still reach the goal.
        var incoming = Array(repeating: [Int32](), count: graph.states.count)
        for index in graph.edgeFrom.indices where graph.edgeFrom[index] != graph.edgeTo[index] {
            if paths == .anyEvent || graph.tasks[index] >= 0 {
                incoming[Int(graph.edgeTo[index])].append(Int32(graph.edgeFrom[index]))
            }
        }
        var reaches = graph.states.indices.map { graph.isOpen[$0] || goal[$0] }
        var stack = graph.states.indices.filter { reaches[$0] }
        while let node = stack.popLast() {
            for source in incoming[node] where !reaches[Int(source)] {
                reaches[Int(source)] = true
                stack.append(Int(source))
            }
        }
        let stuck = graph.states.indices.filter { !reaches[$0] && trigger[$0] }
        guard let nearest = stuck.min(by: { (graph.depths[$0], $0) < (graph.depths[$1], $1) })
        else {
            return nil
        }
        let path = graph.path(to: nearest)
        let trace = system.trace(fromInitial: path.start, edges: path.choices)
        let count = stuck.count == 1 ? "" : " (\(Numbers.grouped(stuck.count)) such states in all)"
        let message =
            "eventually \"\(name)\" is lost \(Explorer<State, Event, Env>.place(path.choices.count)): no "
            + "\(paths == .anyEvent ? "event" : "event a task delivers") leads from this state to one where it holds\(count)"
        return Violation(
            trace: trace, cycle: nil, length: path.choices.count, stuckStates: stuck.count,
            message: trace == nil ? message + Self.notReplayed : message)
    }

    /// X15: every step satisfies the predicate; the nearest one that does not, and the
    /// shortest trace through it. A transition that changes nothing is a stutter, which
    /// `[A]_v` allows.
    func everyStep(_ name: String, _ step: (State, Event, State) -> Bool) -> Violation? {
        var broken: Int?
        var count = 0
        for index in graph.edgeFrom.indices where graph.edgeFrom[index] != graph.edgeTo[index] {
            let from = Int(graph.edgeFrom[index])
            guard !step(graph.states[from], graph.events[index], graph.states[Int(graph.edgeTo[index])])
            else {
                continue
            }
            count += 1
            if broken.map({ graph.depths[from] < graph.depths[Int(graph.edgeFrom[$0])] }) ?? true {
                broken = index
            }
        }
        guard let broken else { return nil }
        let source = Int(graph.edgeFrom[broken])
        let path = graph.path(to: source)
        let trace = system.trace(fromInitial: path.start, edges: path.choices + [Int(graph.choices[broken])])
        let others = count == 1 ? "" : " (\(Numbers.grouped(count)) such steps in all)"
        let message =
            "every step ([][A]_v) \"\(name)\" fails: the step \(Explorer<State, Event, Env>.place(path.choices.count + 1)) "
            + "breaks it\(others)"
        return Violation(
            trace: trace, cycle: nil, length: path.choices.count + 1, stuckStates: count,
            message: trace == nil ? message + Self.notReplayed : message)
    }

    /// X11, X15: the shortest fair lasso that passes a trigger state and stays in the
    /// region from then on (its loop visiting a `mustVisit` state, when given).
    func lasso(
        _ property: LivenessProperty<State, Event>, trigger: [Bool], region: [Bool], mustVisit: [Bool]?
    ) -> Violation? {
        guard let fair, let lasso = fair.lasso(trigger: trigger, region: region, mustVisit: mustVisit) else {
            return nil
        }
        let start = graph.links.start(of: lasso.start)
        let stem = lasso.stem.map { Int(graph.choices[$0]) }
        let message = Self.message(property, lasso, triggerEverywhere: !trigger.contains(false))
        guard
            let whole = system.trace(
                fromInitial: start, edges: stem + lasso.loop.map { Int(graph.choices[$0]) })
        else {
            return Violation(
                trace: nil, cycle: nil, length: lasso.length, stuckStates: lasso.triggers,
                message: message + Self.notReplayed)
        }
        let trace = ExplorationTrace(
            initialState: whole.initialState, steps: Array(whole.steps.prefix(stem.count)),
            finalPending: graph.pending[lasso.stem.last.map { Int(graph.edgeTo[$0]) } ?? lasso.start])
        return Violation(
            trace: trace, cycle: Array(whole.steps.dropFirst(stem.count)), length: lasso.length,
            stuckStates: lasso.triggers, message: message)
    }

    static var notReplayed: String {
        ", and the trace could not be replayed: the model's closures are not a function of the state"
    }

    /// What a lasso shows, in the words of the property's kind (item 4 of issue 50: the
    /// place named is where the trigger holds with the goal lost from then on).
    static func message(
        _ property: LivenessProperty<State, Event>, _ lasso: FairCycles.Lasso, triggerEverywhere: Bool
    ) -> String {
        func events(_ count: Int) -> String { count == 1 ? "1 event" : "\(count) events" }
        let loop =
            lasso.loop.isEmpty
            ? "stays in the state it reaches forever"
            : "repeats a loop of \(events(lasso.loop.count)) forever"
        let stuck = lasso.triggers == 1 ? "" : " (\(Numbers.grouped(lasso.triggers)) trigger states like it)"
        let title = "\(property.kind.title) \"\(property.name)\""
        switch property.kind {
        case .eventuallyHolds:
            let stem = lasso.stem.isEmpty ? "" : " takes \(events(lasso.stem.count)) and"
            return "\(title) fails: a fair path\(stem) \(loop), and the goal never holds on it"
        case .eventuallyAlways:
            let stem = lasso.stem.isEmpty ? "" : " takes \(events(lasso.stem.count)) and"
            return
                "\(title) fails: a fair path\(stem) \(loop), and the goal fails on the loop again and again"
        case .leadsTo where triggerEverywhere, .alwaysEventually:
            let at = lasso.trigger ?? lasso.stem.count
            let onward = lasso.stem.count > at ? " and \(events(lasso.stem.count - at)) on" : ""
            return "\(title) fails: the goal holds for the last time before the state reached "
                + "\(Explorer<State, Event, Env>.place(at))\(onward); from there a fair path \(loop), and the goal never holds again"
        case .leadsTo:
            guard let at = lasso.trigger else {
                return "\(title) fails: a fair path takes \(events(lasso.stem.count)) to a loop of "
                    + "\(events(lasso.loop.count)), on which the trigger holds and the goal never does, and repeats it "
                    + "forever\(stuck)"
            }
            let onward = lasso.stem.count > at ? " and \(events(lasso.stem.count - at)) on" : ""
            return
                "\(title) fails: its trigger holds with the goal not holding \(Explorer<State, Event, Env>.place(at))\(onward), a fair path "
                + "\(loop), and the goal never holds on it\(stuck)"
        case .staysReachable, .everyStep, .temporal:
            return "\(title) fails"
        }
    }
}

extension LivenessProperty.Kind {
    /// The kind a result reports.
    var reported: LivenessReport<State, Event>.Result.Kind {
        switch self {
        case .staysReachable: .staysReachable
        case .leadsTo: .leadsTo
        case .eventuallyHolds: .eventuallyHolds
        case .alwaysEventually: .alwaysEventually
        case .eventuallyAlways: .eventuallyAlways
        case .everyStep: .everyStep
        case .temporal: .temporal
        }
    }

    /// The kind's name in messages.
    var title: String {
        switch self {
        case .staysReachable: "eventually"
        case .leadsTo: "leads-to"
        case .eventuallyHolds: "eventually-holds (<>)"
        case .alwaysEventually: "always-eventually ([]<>)"
        case .eventuallyAlways: "eventually-always (<>[])"
        case .everyStep: "every step ([][A]_v)"
        case .temporal: "temporal"
        }
    }
}

extension Explorer {
    /// The fair classes as the graph's transitions: the declared ones, then one per
    /// modelled task (one for all unnamed tasks) unless tasks are not fair. A transition
    /// belongs to a class only when it changes the state (or, for a class over part of
    /// the state, that part).
    ///
    /// The edges are cut into pieces of whole 64-edge words that `workers` threads judge
    /// at once, each into its own bit sets, joined in order after.
    func fairClasses(of graph: ExplorationGraph<State, Event>, workers: Int) -> [(FairnessKind, BitSet)] {
        let edges = graph.edgeFrom.count
        let pieceLength = max(4_096, (edges / max(1, workers * 4) + 63) / 64 * 64)
        let pieces = (edges + pieceLength - 1) / pieceLength
        let taskClasses =
            taskFairness == nil ? [] : tasks.indices + (unnamedOutcomes == nil ? [] : [TaskTracker.unnamed])
        let results = ChunkResults<[BitSet]>(count: pieces)
        let queue = ChunkQueue()
        WorkerThreads.run(count: min(workers, pieces)) { _ in
            while true {
                let piece = queue.next.add(1, ordering: .relaxed).oldValue
                guard piece < pieces else { return }
                let range = piece * pieceLength..<min(edges, (piece + 1) * pieceLength)
                var declared = fairness.map { _ in BitSet(count: range.count) }
                var byTask = taskClasses.map { _ in BitSet(count: range.count) }
                let states = graph.states
                let events = graph.events
                let includes = fairness.map(\.includes)
                let changes = fairness.map(\.changes)
                for index in range {
                    let source = Int(graph.edgeFrom[index])
                    let target = Int(graph.edgeTo[index])
                    guard source != target else { continue }
                    let state = states[source]
                    let event = events[index]
                    for number in includes.indices where includes[number](state, event) {
                        declared[number][index - range.lowerBound] =
                            changes[number].map { $0(state, states[target]) } ?? true
                    }
                    if let number = taskClasses.firstIndex(of: Int(graph.tasks[index])) {
                        byTask[number][index - range.lowerBound] = true
                    }
                }
                results[piece] = declared + byTask
            }
        }
        let parts = (0..<pieces).map { results.take($0)! }
        var classes: [(FairnessKind, BitSet)] = []
        for (number, fairClass) in fairness.enumerated() {
            classes.append((fairClass.fairness, BitSet(joining: parts.map { $0[number] })))
        }
        for number in taskClasses.indices {
            let members = BitSet(joining: parts.map { $0[fairness.count + number] })
            if let taskFairness, members.containsAny { classes.append((taskFairness, members)) }
        }
        return classes
    }
}
