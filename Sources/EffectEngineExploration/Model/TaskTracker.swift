import EffectEngine

/// The rules of the modelled tasks (R5–R7) on the one word that holds which are pending:
/// a `.task` sets its name's bit (a pending task of that name is replaced, so its outcomes
/// are the new task's), a `.cancel` clears it (the cancelled task's events are never
/// delivered), and a cancel of a scope clears every name under it.
///
/// The low ``maxNames`` bits are the named models; the top byte counts the pending
/// unnamed tasks, when they are modelled (X2): each `.task` with no name adds one, and
/// none is ever replaced or cancelled, since nothing can name it.
///
/// The tracker only decides; what it learns about the model on the way (tasks with no
/// model, a pacing it cannot model) goes to the ``StepNotes`` of the step. Only the
/// ``TransitionSystem`` steps through it.
@usableFromInline
struct TaskTracker: Sendable {
    /// The modelled task names; bit `i` of a mask is `names[i]`.
    @usableFromInline let names: [String]
    /// Unnamed tasks are counted in the top byte of a mask.
    @usableFromInline let modelsUnnamed: Bool
    /// The bits of the tasks whose bodies keep delivering (tickers): delivering does not
    /// end them.
    @usableFromInline let keepsRunning: UInt64

    /// The most task names modelled: the bits below the unnamed tasks' count.
    @usableFromInline static var maxNames: Int { 56 }
    /// The most unnamed tasks counted as pending at once.
    @usableFromInline static var maxUnnamed: UInt64 { 255 }
    /// The task number of an outcome delivered by an unnamed task.
    @usableFromInline static var unnamed: Int { maxNames }
    /// The bits of the named models in a mask.
    @usableFromInline static var namedBits: UInt64 { oneUnnamed - 1 }
    /// One pending unnamed task, in a mask.
    @usableFromInline static var oneUnnamed: UInt64 { 1 << UInt64(maxNames) }
    /// The label of unnamed tasks in traces, graphs and reports.
    static let unnamedLabel = "(unnamed)"

    @usableFromInline
    init(names: [String], modelsUnnamed: Bool = false, keepsRunning: UInt64 = 0) {
        self.names = names
        self.modelsUnnamed = modelsUnnamed
        self.keepsRunning = keepsRunning
    }

    /// How many unnamed tasks `mask` holds pending.
    @inlinable
    static func unnamedCount(in mask: UInt64) -> UInt64 { mask >> UInt64(maxNames) }

    /// The pending tasks once task number `task` delivered an event: a task that ends
    /// with its event is no longer pending; `-1` is a user's event, which ends none.
    @inlinable @inline(__always)
    func pending(_ mask: UInt64, afterDeliveryBy task: Int) -> UInt64 {
        if task < 0 { return mask }
        if task == Self.unnamed { return mask - Self.oneUnnamed }
        let bit: UInt64 = 1 << UInt64(task)
        return keepsRunning & bit != 0 ? mask : mask & ~bit
    }

    /// A `.task` (plain or paced) was issued: its name's bit is set, or one more unnamed
    /// task counted.
    ///
    /// A paced task is modelled as the host runs it (X12). A debounced one counts as
    /// running from its issue, and a reissue replaces it, as a plain task does. A
    /// throttled one with `latest` replaces the pending one at every issue too (a later
    /// issue in the window cancels the earlier run and waits for the window's end). A
    /// throttled issue without `latest` is dropped by the host when it falls in a window
    /// still open, which depends on time the model does not have: for a modelled name
    /// the step notes it, and the walk refuses the model, naming the task.
    ///
    /// A name ending in `/` is a scope: the host runs such a task as an unnamed task under
    /// it (never replaced), so it is counted as one.
    @inlinable
    func issued(_ name: String?, pacing: TaskPacing?, pending: inout UInt64, notes: inout StepNotes) {
        guard let name, name.utf8.last != UInt8(ascii: "/") else {
            if !modelsUnnamed {
                notes.issuedUnnamed = true
            } else if Self.unnamedCount(in: pending) < Self.maxUnnamed {
                pending += Self.oneUnnamed
            } else {
                notes.unnamedOverflowed = true
            }
            return
        }
        if let index = names.firstIndex(of: name) {
            if case .throttle(_, latest: false)? = pacing, notes.unfaithful == nil { notes.unfaithful = name }
            pending |= 1 << UInt64(index)
        } else if !notes.unmodelled.contains(name) {
            notes.unmodelled.insert(name)
        }
    }

    /// `.cancel(name)` clears the name's bit; a name ending in `/` is a scope
    /// (`.cancel(scope:)`, or a `Compose` child leaving), which clears the bit of every
    /// modelled name under it, as the host cancels every task under it.
    @inlinable
    func cancelled(_ name: String, pending: inout UInt64) {
        guard name.utf8.last == UInt8(ascii: "/") else {
            if let index = names.firstIndex(of: name) { pending &= ~(1 << UInt64(index)) }
            return
        }
        for index in names.indices where names[index].utf8.starts(with: name.utf8) {
            pending &= ~(1 << UInt64(index))
        }
    }

    /// The names of the tasks pending in `mask`, in model order, then one
    /// ``unnamedLabel`` per pending unnamed task.
    @usableFromInline
    func names(in mask: UInt64) -> [String] {
        names.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { names[$0] }
            + Array(repeating: Self.unnamedLabel, count: Int(Self.unnamedCount(in: mask)))
    }

    /// A task's name as traces, graphs and reports show it; `nil` for a user's event.
    func name(of task: Int) -> String? {
        task < 0 ? nil : task == Self.unnamed ? Self.unnamedLabel : names[task]
    }

    /// The number a task name has in the model; `-1` for `nil` (a user's event) and for a
    /// name with no model.
    func number(of name: String?) -> Int {
        guard let name else { return -1 }
        if name == Self.unnamedLabel { return modelsUnnamed ? Self.unnamed : -1 }
        return names.firstIndex(of: name) ?? -1
    }
}

/// What stepping learned about the model beside the successor, for the report: the
/// walk's workers each keep their own and the walk gathers them.
@usableFromInline
struct StepNotes: Sendable {
    /// The step's `.action` chain ran past the limit and was cut (R13).
    @usableFromInline var wasCut = false
    /// Names of tasks issued that have no model.
    @usableFromInline var unmodelled: Set<String> = []
    /// An unnamed task was issued with no model for it.
    @usableFromInline var issuedUnnamed = false
    /// An unnamed task was issued while ``TaskTracker/maxUnnamed`` were pending.
    @usableFromInline var unnamedOverflowed = false
    /// The first modelled task issued with a pacing the model cannot follow (X12): a
    /// throttle without `latest`.
    @usableFromInline var unfaithful: String?
    /// The problems `update` reported (`.reject`, `.report`), in order, when asked for:
    /// `nil` while nobody reads them (the walk).
    @usableFromInline var reports: [Diagnostic]?
    /// The summary of the effect `update` returned for the step's event, kept when the
    /// reports are.
    @usableFromInline var effect: EffectSummary?

    @inlinable
    init(recordsReports: Bool = false) {
        reports = recordsReports ? [] : nil
    }

    /// Adds what another worker learned.
    @usableFromInline
    mutating func gather(_ other: StepNotes) {
        unmodelled.formUnion(other.unmodelled)
        issuedUnnamed = issuedUnnamed || other.issuedUnnamed
        unnamedOverflowed = unnamedOverflowed || other.unnamedOverflowed
        if unfaithful == nil { unfaithful = other.unfaithful }
    }

    /// The tasks issued with no model, as the report lists them.
    var unmodelledTasks: [String] {
        var names = unmodelled.sorted()
        if issuedUnnamed { names.append(TaskTracker.unnamedLabel) }
        if unnamedOverflowed { names.append("\(TaskTracker.unnamedLabel) beyond \(TaskTracker.maxUnnamed) pending") }
        return names
    }
}
