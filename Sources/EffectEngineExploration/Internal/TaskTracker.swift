/// Keeps the pending modelled tasks of one step in one word, as R5–R7 say: a `.task`
/// sets its name's bit (a pending task of that name is replaced, so its outcomes are the
/// new task's), a `.cancel` clears it (the cancelled task's events are never delivered),
/// and a cancel of a scope clears every name under it.
///
/// The low ``maxNames`` bits are the named models; the top byte counts the pending
/// unnamed tasks, when they are modelled (X2): each `.task` with no name adds one, and
/// none is ever replaced or cancelled, since nothing can name it.
///
/// Tasks with no model are remembered by name, so the report can say their outcomes
/// were not explored.
@usableFromInline
struct TaskTracker {
    /// The modelled task names; bit `i` of ``pending`` is `names[i]`.
    @usableFromInline let names: [String]
    @usableFromInline var pending: UInt64 = 0
    /// The step's `.action` chain ran past the limit and was cut (R13).
    @usableFromInline var wasCut = false
    /// Names of tasks issued that have no model.
    @usableFromInline var unmodelled: Set<String> = []
    /// Unnamed tasks are counted in the top byte of ``pending``.
    @usableFromInline let modelsUnnamed: Bool
    /// An unnamed task was issued with no model for it.
    @usableFromInline var issuedUnnamed = false
    /// An unnamed task was issued while ``maxUnnamed`` were pending, and not counted.
    @usableFromInline var unnamedOverflowed = false

    /// The most task names modelled: the bits below the unnamed tasks' count.
    @usableFromInline static var maxNames: Int { 56 }
    /// The most unnamed tasks counted as pending at once.
    @usableFromInline static var maxUnnamed: UInt64 { 255 }
    /// The task number of an outcome delivered by an unnamed task.
    @usableFromInline static var unnamed: Int { maxNames }
    /// The bits of the named models in ``pending``.
    @usableFromInline static var namedBits: UInt64 { oneUnnamed - 1 }
    /// One pending unnamed task, in ``pending``.
    @usableFromInline static var oneUnnamed: UInt64 { 1 << UInt64(maxNames) }
    /// The label of unnamed tasks in traces, graphs and reports.
    static let unnamedLabel = "(unnamed)"

    @usableFromInline
    init(names: [String], modelsUnnamed: Bool = false) {
        self.names = names
        self.modelsUnnamed = modelsUnnamed
    }

    /// How many unnamed tasks `mask` holds pending.
    @inlinable
    static func unnamedCount(in mask: UInt64) -> UInt64 { mask >> UInt64(maxNames) }

    @inlinable
    mutating func issued(_ name: String?) {
        guard let name else {
            if !modelsUnnamed {
                issuedUnnamed = true
            } else if Self.unnamedCount(in: pending) < Self.maxUnnamed {
                pending += Self.oneUnnamed
            } else {
                unnamedOverflowed = true
            }
            return
        }
        if let index = names.firstIndex(of: name) {
            pending |= 1 << UInt64(index)
        } else if !unmodelled.contains(name) {
            unmodelled.insert(name)
        }
    }

    /// `.cancel(name)` clears the name's bit; a name ending in `/` is a scope
    /// (`.cancel(scope:)`, or a `Compose` child leaving), which clears the bit of every
    /// modelled name under it, as the host cancels every task under it.
    @inlinable
    mutating func cancelled(_ name: String) {
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
}
