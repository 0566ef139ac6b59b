/// A reference model of debounce and throttle, written as the textbook says them and
/// stepped one unit of time at a time, with no code in common with the host: what the
/// randomized check compares the host against.
///
/// At each instant, what is due happens first (a waiting body starts, a running one ends,
/// a throttle window ends and its trailing run fires), then the issues and cancels made at
/// that instant, in order. One task holds the name at a time: a new issue that will run
/// replaces it, waiting or running, and a replaced body reports nothing more.
struct PacingModel {
    enum Pacing: Equatable, CustomStringConvertible {
        case debounce(Int)
        case throttle(Int, latest: Bool)

        var description: String {
            switch self {
            case .debounce(let units): "debounce(\(units))"
            case .throttle(let units, let latest): "throttle(\(units)\(latest ? ", latest" : ""))"
            }
        }
    }

    enum Operation: Equatable, CustomStringConvertible {
        /// Issue the task; its body works this many units once started.
        case issue(work: Int)
        case cancel
        case advance(Int)

        var description: String {
            switch self {
            case .issue(let work): "issue(work \(work))"
            case .cancel: "cancel"
            case .advance(let units): "advance(\(units))"
            }
        }
    }

    /// What a body did, at a time in units: the label is the issue's number.
    struct Step: Equatable, CustomStringConvertible {
        var ran: Bool
        var label: Int
        var at: Int

        var description: String { "\(ran ? "ran" : "done")(\(label)@\(at))" }
    }

    private struct Holder {
        var label: Int
        var start: Int
        var work: Int
        var isRunning = false
    }

    let pacing: Pacing
    private(set) var now = 0
    private(set) var steps: [Step] = []
    private var holder: Holder?
    /// The end of the open throttle window; nothing is open at or after it.
    private var windowEnd = Int.min
    private var issued = 0

    init(pacing: Pacing) {
        self.pacing = pacing
    }

    /// Runs a schedule, then lets time pass until everything has happened.
    static func steps(of pacing: Pacing, _ operations: [Operation], settleFor tail: Int) -> [Step] {
        var model = PacingModel(pacing: pacing)
        for operation in operations { model.apply(operation) }
        model.apply(.advance(tail))
        return model.steps
    }

    mutating func apply(_ operation: Operation) {
        switch operation {
        case .advance(let units):
            for _ in 0..<units {
                now += 1
                fireDue()
            }
        case .cancel:
            holder = nil
            windowEnd = Int.min
        case .issue(let work):
            let label = issued
            issued += 1
            issue(label, work: work)
        }
    }

    private mutating func issue(_ label: Int, work: Int) {
        switch pacing {
        case .debounce(let units):
            holder = Holder(label: label, start: now + units, work: work)
            if units == 0 { start() }
        case .throttle(let units, let latest):
            if now < windowEnd {
                // Within the window: dropped, or, with latest, waits for the window's end.
                guard latest else { return }
                holder = Holder(label: label, start: windowEnd, work: work)
            } else {
                holder = Holder(label: label, start: now, work: work)
                windowEnd = now + units
                start()
            }
        }
    }

    /// What is due at `now`, before anything issued at `now`.
    private mutating func fireDue() {
        guard let current = holder else { return }
        if current.isRunning {
            if current.start + current.work == now { finish() }
        } else if current.start == now {
            if case .throttle(let units, _) = pacing { windowEnd = now + units }
            start()
        }
    }

    private mutating func start() {
        guard var current = holder else { return }
        steps.append(Step(ran: true, label: current.label, at: now))
        current.isRunning = true
        holder = current
        if current.work == 0 { finish() }
    }

    private mutating func finish() {
        guard let current = holder else { return }
        steps.append(Step(ran: false, label: current.label, at: now))
        holder = nil
    }
}
