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

    @usableFromInline
    init(capacity: Int = 64) {
        self.capacity = max(16, capacity)
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

    /// Empties the table, keeping its capacity.
    @usableFromInline
    func removeAll() {
        guard count > 0 else { return }
        slots.update(repeating: 0, count: capacity)
        count = 0
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
        let oldSlots = slots
        let oldCapacity = capacity
        capacity = oldCapacity + oldCapacity / 2
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
