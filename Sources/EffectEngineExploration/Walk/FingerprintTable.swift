#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The set of visited states, kept as 64-bit fingerprints: an open-addressing hash table
/// of `UInt64` slots with linear probing, 8 bytes a slot and nothing else.
///
/// A fingerprint is already a uniform hash, so the home slot is its high bits scaled to
/// the capacity (`fingerprint × capacity >> 64`, not a mask): the capacity need not be a
/// power of two, and the table grows by half when it is 85% full, so it stays between
/// 57% and 85% full and costs 9.4 to 14 bytes per fingerprint. The capacity depends only
/// on the count, never on how the fingerprints came in: one at a time, or merged by the
/// workers of a parallel level.
///
/// Since the home slot grows with the fingerprint, the fingerprints of a *part* (a range
/// of fingerprints, ``part(of:parts:)``) have their home slots in one *region* of the
/// table (``region(_:of:)``): the workers of a parallel merge each insert one part's,
/// touching only their own region, and so does a parallel rehash.
///
/// The slots of a large table are mapped from the system in pages of 2 MiB where it has
/// them (``SlotMemory``): a lookup lands anywhere in the table, and with small pages
/// nearly every one would also miss the processor's cache of address translations.
///
/// 0 marks an empty slot; a fingerprint of 0 is stored as 1 (one more way, out of 2⁶⁴,
/// for two states to share a fingerprint).
@usableFromInline
final class FingerprintTable {
    // Only the walk that owns the table touches it, one access at a time, or its workers
    // each in their own region: the runtime's exclusivity checks would cost more than
    // the probe.
    /// The slots, and where they live.
    @usableFromInline @exclusivity(unchecked) var memory: SlotMemory
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline @exclusivity(unchecked) var growthThreshold: Int

    /// The capacity the table started with: its capacities are this one grown by half,
    /// again and again.
    @usableFromInline let initialCapacity: Int

    @usableFromInline
    init(capacity: Int = 64) {
        initialCapacity = max(16, capacity)
        memory = SlotMemory(count: initialCapacity)
        growthThreshold = Self.threshold(initialCapacity)
    }

    @inlinable var slots: UnsafeMutablePointer<UInt64> { memory.slots }
    @inlinable var capacity: Int { memory.count }

    deinit {
        memory.deallocate()
    }

    /// Bytes held by the table.
    @usableFromInline var bytes: Int { capacity * MemoryLayout<UInt64>.stride }

    /// How a fingerprint is stored: 0 marks an empty slot, so 0 is stored as 1.
    @inlinable
    static func key(_ fingerprint: UInt64) -> UInt64 { fingerprint == 0 ? 1 : fingerprint }

    /// Adds `fingerprint`; `true` when it was not there yet. The table grows once it
    /// holds as many as its threshold, so it always has room for one more.
    @inlinable
    func insert(_ fingerprint: UInt64) -> Bool {
        guard insertWithoutGrowing(fingerprint) else { return false }
        if count >= growthThreshold { grow(workers: 1) }
        return true
    }

    /// Adds `fingerprint` without growing the table, which must have room: what
    /// ``insert(_:)`` does before it grows, and what a parallel merge does for the few
    /// fingerprints it inserts after its workers, before it grows the table on them.
    @inlinable
    func insertWithoutGrowing(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
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

    /// The part of the fingerprints, out of `parts`, that `key` belongs to: parts are
    /// equal ranges of fingerprints, in order.
    @inlinable
    static func part(of key: UInt64, parts: Int) -> Int {
        Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(truncatingIfNeeded: parts)).high)
    }

    /// The slots part `part` of `parts` inserts into: from the home slot of the part's
    /// first fingerprint to that of the next part's. A fingerprint of the part whose
    /// home falls at the region's very end, or whose probe runs past it, is inserted
    /// later, with ``insert(_:)``, once no other worker runs.
    @inlinable
    func region(_ part: Int, of parts: Int) -> Range<Int> {
        func start(_ part: Int) -> Int {
            if part == 0 { return 0 }
            if part == parts { return capacity }
            // The smallest fingerprint with part × 2⁶⁴ ≤ fingerprint × parts.
            let (quotient, remainder) = UInt64(truncatingIfNeeded: parts).dividingFullWidth(
                (high: UInt64(truncatingIfNeeded: part), low: 0))
            return home(remainder == 0 ? quotient : quotient + 1)
        }
        return start(part)..<start(part + 1)
    }

    /// Adds the key of a fingerprint whose home slot is in `region`, probing only that
    /// region, so that workers inserting keys of different regions at once touch
    /// different slots; ``count`` is not kept (see ``insertedInRegions(_:)``), and the
    /// table must have room (the merge grows it first). Returns 1 when added, 0 when
    /// there already, and -1 when the home or the probe is past the region's end.
    @inlinable
    func insert(key: UInt64, in region: Range<Int>) -> Int8 {
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

    /// Counts fingerprints added by ``insert(key:in:)``.
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
        slots[home(Self.key(fingerprint))]
    }

    /// Whether `fingerprint` is in the table.
    @inlinable
    func contains(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
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

    /// Whether `total` fingerprints fit without passing the fill a parallel merge allows
    /// itself before it grows the table: 90%.
    @inlinable
    func hasRoom(for total: Int) -> Bool {
        total <= capacity / 10 * 9
    }

    /// Grows the table, if its count has reached the threshold, to the capacity inserting
    /// them one at a time would have reached: the smallest of its capacities whose
    /// threshold is above the count. One move, on `workers` threads.
    @usableFromInline
    func grow(workers: Int) {
        grow(toHold: count, workers: workers)
    }

    /// Grows the table to the smallest of its capacities whose threshold is above
    /// `total`, if it is not that large yet: room for a parallel merge, which cannot grow
    /// it while it inserts.
    @usableFromInline
    func grow(toHold total: Int, workers: Int) {
        var target = capacity
        while Self.threshold(target) <= total { target += target / 2 }
        if target != capacity { rehash(to: target, workers: workers) }
    }

    /// Brings the table back to the capacity inserting its fingerprints one at a time
    /// would have reached, if a parallel merge grew it sooner; on `workers` threads.
    @usableFromInline
    func fit(workers: Int) {
        var target = initialCapacity
        while Self.threshold(target) <= count { target += target / 2 }
        if target < capacity { rehash(to: target, workers: workers) }
    }

    /// Moves every fingerprint to a table of `newCapacity` slots, on `workers` threads:
    /// each takes a range of the old slots and inserts the keys whose new home falls in
    /// its region, probing only that region; the few others (a key pushed into its range
    /// from the one before, a probe running past the region's end) are inserted after.
    @usableFromInline
    func rehash(to newCapacity: Int, workers: Int) {
        let oldMemory = memory
        let oldSlots = oldMemory.slots
        let oldCapacity = oldMemory.count
        memory = SlotMemory(count: newCapacity)
        growthThreshold = Self.threshold(newCapacity)
        defer { oldMemory.deallocate() }
        let parts = oldCapacity >= 1 << 16 ? max(1, workers) : 1
        guard parts > 1 else {
            for index in 0..<oldCapacity where oldSlots[index] != 0 { place(oldSlots[index]) }
            return
        }
        let table = self
        let left = ChunkResults<[UInt64]>(count: parts)
        WorkerThreads.run(count: parts) { part in
            let region = capacity * part / parts..<capacity * (part + 1) / parts
            var others: [UInt64] = []
            for index in oldCapacity * part / parts..<oldCapacity * (part + 1) / parts {
                let key = oldSlots[index]
                guard key != 0 else { continue }
                let home = table.home(key)
                guard region.contains(home) else {
                    others.append(key)
                    continue
                }
                var target = home
                while target < region.upperBound && table.slots[target] != 0 { target += 1 }
                if target < region.upperBound { table.slots[target] = key } else { others.append(key) }
            }
            left[part] = others
        }
        for part in 0..<parts {
            for key in left[part] ?? [] { place(key) }
        }
    }

    /// Puts a key known not to be in the table in the first free slot from its home.
    private func place(_ key: UInt64) {
        var target = home(key)
        while slots[target] != 0 {
            target += 1
            if target == capacity { target = 0 }
        }
        slots[target] = key
    }

    @usableFromInline
    static func threshold(_ capacity: Int) -> Int {
        capacity / 20 * 17
    }
}

/// Zeroed memory for a table's slots. A table of 2 MiB or more is mapped from the system
/// (zeroed by it, page by page, as the slots are first written) and, on Linux, asked to be
/// backed by huge pages, which the kernel gives mappings that ask for them
/// (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise` or `always`): a random
/// lookup in a table of millions of slots then finds its page's translation cached.
/// Smaller tables, and any the system will not map, come from the allocator.
@usableFromInline
struct SlotMemory {
    @usableFromInline let slots: UnsafeMutablePointer<UInt64>
    @usableFromInline let count: Int
    /// Whether the slots were mapped, and are given back with `munmap`.
    let isMapped: Bool

    /// The bytes from which slots are mapped rather than allocated.
    static let mappedBytes = 2 << 20

    @usableFromInline
    init(count: Int) {
        self.count = count
        let bytes = count * MemoryLayout<UInt64>.stride
        if bytes >= Self.mappedBytes,
            let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != UnsafeMutableRawPointer(bitPattern: -1)
        {
            #if os(Linux)
                _ = madvise(memory, bytes, MADV_HUGEPAGE)
            #endif
            slots = memory.bindMemory(to: UInt64.self, capacity: count)
            isMapped = true
        } else {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: 0, count: count)
            isMapped = false
        }
    }

    /// Gives the slots back.
    @usableFromInline
    func deallocate() {
        if isMapped {
            munmap(slots, count * MemoryLayout<UInt64>.stride)
        } else {
            slots.deallocate()
        }
    }
}
