/// Keeps the pending modelled tasks of one step as a bit set, as R5–R7 say: a `.task`
/// sets its name's bit (a pending task of that name is replaced, so its outcomes are the
/// new task's), a `.cancel` clears it (the cancelled task's events are never delivered),
/// and a cancel of a scope clears every name under it.
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
    /// An unnamed task was issued.
    @usableFromInline var issuedUnnamed = false

    @usableFromInline
    init(names: [String]) {
        self.names = names
    }

    @inlinable
    mutating func issued(_ name: String?) {
        guard let name else {
            issuedUnnamed = true
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

    /// The names of the tasks whose bits are set in `mask`, in model order.
    @usableFromInline
    func names(in mask: UInt64) -> [String] {
        names.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { names[$0] }
    }
}
