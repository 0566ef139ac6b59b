import Synchronization

/// The next item of a parallel section, shared by its workers.
@usableFromInline
final class ChunkQueue: Sendable {
    @usableFromInline let next = Atomic<Int>(0)

    @inlinable
    init() {}
}

/// One result per item (or per worker) of a parallel section, each slot written by the
/// one worker that took the item and read once every worker has returned (joining a
/// thread orders its writes before what follows the join).
@usableFromInline
final class ChunkResults<Result> {
    @usableFromInline let slots: UnsafeMutablePointer<Result?>
    @usableFromInline let count: Int

    @inlinable
    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    @inlinable
    subscript(index: Int) -> Result? {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    /// Moves the result out of its slot.
    @inlinable
    func take(_ index: Int) -> Result? {
        let result = slots[index]
        slots[index] = nil
        return result
    }
}
