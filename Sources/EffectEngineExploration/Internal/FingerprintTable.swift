/// The set of visited states, kept as 64-bit fingerprints: an open-addressing hash table
/// of `UInt64` slots with linear probing, 8 bytes a slot and nothing else.
///
/// A fingerprint is already a uniform hash, so the home slot is its high bits scaled to
/// the capacity (`fingerprint × capacity >> 64`, not a mask): the capacity need not be a
/// power of two, and the table grows by half when it is 85% full, so it stays between
/// 57% and 85% full and costs 9.4 to 14 bytes per fingerprint.
///
/// 0 marks an empty slot; a fingerprint of 0 is stored as 1 (one more way, out of 2⁶⁴,
/// for two states to share a fingerprint).
@usableFromInline
final class FingerprintTable {
    // Only the walk that owns the table touches it, one access at a time: the runtime's
    // exclusivity checks would cost more than the probe.
    @usableFromInline @exclusivity(unchecked) var slots: UnsafeMutablePointer<UInt64>
    @usableFromInline @exclusivity(unchecked) var capacity: Int
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline @exclusivity(unchecked) var growthThreshold: Int

    /// The capacity the table started with: its capacities are this one grown by half,
    /// again and again.
    @usableFromInline let initialCapacity: Int

    @usableFromInline
    init(capacity: Int = 64) {
        initialCapacity = max(16, capacity)
        self.capacity = initialCapacity
        slots = .allocate(capacity: self.capacity)
        slots.initialize(repeating: 0, count: self.capacity)
        growthThreshold = Self.threshold(self.capacity)
    }

    deinit {
        slots.deallocate()
    }

    /// Bytes held by the table.
    @usableFromInline var bytes: Int { capacity * MemoryLayout<UInt64>.stride }

    /// Adds `fingerprint`; `true` when it was not there yet.
    @inlinable
    func insert(_ fingerprint: UInt64) -> Bool {
        if count >= growthThreshold { grow() }
        let key = fingerprint == 0 ? 1 : fingerprint
        var index = home(key)
        while true {
            let slot = slots[index]
            if slot == key { return false }
            if slot == 0 {
                slots[index] = key
                count += 1
                return true
            }
            index += 1
            if index == capacity { index = 0 }
        }
    }

    /// Grows the table, if need be, so that `total` fingerprints fill at most 90% of it:
    /// room for a parallel merge (``insert(_:in:)``), which cannot grow it. One move, to
    /// the capacity as many growths would reach.
    @usableFromInline
    func reserve(_ total: Int) {
        var target = capacity
        while total > target / 10 * 9 { target += target / 2 }
        if target != capacity { rehash(to: target) }
    }

    /// Brings the table to the capacity it would have had if its fingerprints had been
    /// inserted one by one: the smallest of its capacities whose threshold holds them.
    /// After a parallel merge, which reserves room for an estimate of what is new, so
    /// the memory a walk holds does not depend on the number of workers.
    @usableFromInline
    func fit() {
        var fitting = initialCapacity
        while Self.threshold(fitting) < count { fitting += fitting / 2 }
        if fitting != capacity { rehash(to: fitting) }
    }

    /// The slots a worker of a parallel merge owns when `parts` workers share the table:
    /// the home slots of its keys. Keys of different parts are different keys.
    @inlinable
    func region(_ part: Int, of parts: Int) -> Range<Int> {
        capacity * part / parts..<capacity * (part + 1) / parts
    }

    /// Adds `fingerprint`, whose home slot is in `region`, probing only that region, so
    /// that workers inserting keys of different regions at once touch different slots;
    /// `count` is not kept (see ``insertedInRegions(_:)``), and the table must have room
    /// (``reserve(_:)``). Returns 1 when added, 0 when there already, and -1 when the
    /// probe reached the region's end: the key is then inserted later, with
    /// ``insert(_:)``, once no other worker runs.
    @inlinable
    func insert(_ fingerprint: UInt64, in region: Range<Int>) -> Int8 {
        let key = fingerprint == 0 ? 1 : fingerprint
        var index = home(key)
        while index < region.upperBound {
            let slot = slots[index]
            if slot == key { return 0 }
            if slot == 0 {
                slots[index] = key
                return 1
            }
            index += 1
        }
        return -1
    }

    /// Counts fingerprints added by ``insert(_:in:)``.
    @inlinable
    func insertedInRegions(_ added: Int) {
        count += added
    }

    /// Empties the table, keeping its capacity.
    @usableFromInline
    func removeAll() {
        guard count > 0 else { return }
        slots.update(repeating: 0, count: capacity)
        count = 0
    }

    /// The slot `fingerprint` is looked up in first, read so that it is in the cache
    /// when the lookup comes.
    @inlinable
    func slot(of fingerprint: UInt64) -> UInt64 {
        slots[home(fingerprint == 0 ? 1 : fingerprint)]
    }

    /// Whether `fingerprint` is in the table.
    @inlinable
    func contains(_ fingerprint: UInt64) -> Bool {
        let key = fingerprint == 0 ? 1 : fingerprint
        var index = home(key)
        while true {
            let slot = slots[index]
            if slot == key { return true }
            if slot == 0 { return false }
            index += 1
            if index == capacity { index = 0 }
        }
    }

    @inlinable
    func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(truncatingIfNeeded: capacity)).high)
    }

    /// Moves every fingerprint to a table half as large again.
    @usableFromInline
    func grow() {
        rehash(to: capacity + capacity / 2)
    }

    /// Moves every fingerprint to a table of `newCapacity` slots.
    @usableFromInline
    func rehash(to newCapacity: Int) {
        let oldSlots = slots
        let oldCapacity = capacity
        capacity = newCapacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        growthThreshold = Self.threshold(capacity)
        for index in 0..<oldCapacity where oldSlots[index] != 0 {
            let key = oldSlots[index]
            var target = home(key)
            while slots[target] != 0 {
                target += 1
                if target == capacity { target = 0 }
            }
            slots[target] = key
        }
        oldSlots.deallocate()
    }

    private static func threshold(_ capacity: Int) -> Int {
        capacity / 20 * 17
    }
}
