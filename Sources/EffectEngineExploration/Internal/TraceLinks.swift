/// For each visited state, in the order states were found, the state it was first
/// reached from and which of that state's events led to it: 8 bytes a state, the links
/// of the shortest traces.
///
/// Links are kept in chunks, so the storage grows without copying: chunks double from 64
/// links up to 4,096 (32 KiB) and stay at that size, so the storage never holds more than
/// one chunk it does not use, and a small exploration holds little.
@usableFromInline
struct TraceLinks {
    /// The links a full chunk holds.
    @usableFromInline static var largestChunk: Int { 4_096 }
    /// The parent of the initial state.
    @usableFromInline static var root: UInt32 { .max }

    @usableFromInline var chunks: [[UInt64]] = []
    /// The number of links before each chunk.
    @usableFromInline var starts: [Int] = []
    @usableFromInline var count = 0
    /// The links the last chunk can hold.
    @usableFromInline var limit = 0

    @usableFromInline
    init() {}

    /// Bytes held by the links: the chunks' sizes as asked for (the allocator may round a
    /// chunk up by a few bytes, by more or less from one run to the next).
    @usableFromInline var bytes: Int { limit * MemoryLayout<UInt64>.stride }

    /// Records that the next state was reached from state `parent` by its event number
    /// `edge`.
    @inlinable
    mutating func append(parent: UInt32, edge: UInt32) {
        if count == limit { addChunk() }
        chunks[chunks.count - 1].append(UInt64(parent) << 32 | UInt64(edge))
        count += 1
    }

    @usableFromInline
    mutating func addChunk() {
        let size = min(Self.largestChunk, max(64, (chunks.last?.count ?? 0) * 2))
        var chunk: [UInt64] = []
        chunk.reserveCapacity(size)
        starts.append(count)
        chunks.append(chunk)
        limit = count + size
    }

    /// The edge numbers from the initial state to state `id`, in order.
    @usableFromInline
    func path(to id: Int) -> [Int] {
        var edges: [Int] = []
        _ = walk(from: id) { edges.append($0) }
        return edges.reversed()
    }

    /// The number of the initial state state `id` is reached from: the initial states'
    /// links hold their numbers as edges, with ``root`` as the parent.
    @usableFromInline
    func start(of id: Int) -> Int {
        walk(from: id) { _ in }
    }

    /// Calls `edge` with each edge number from state `id` back to its initial state;
    /// returns the initial state's number.
    private func walk(from id: Int, _ edge: (Int) -> Void) -> Int {
        var current = id
        var chunk = chunks.count - 1
        while true {
            while starts[chunk] > current { chunk -= 1 }
            let link = chunks[chunk][current - starts[chunk]]
            let number = Int(truncatingIfNeeded: link & 0xFFFF_FFFF)
            let parent = UInt32(truncatingIfNeeded: link >> 32)
            if parent == Self.root { return number }
            edge(number)
            current = Int(parent)
        }
    }
}
