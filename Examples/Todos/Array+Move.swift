import Foundation

extension Array {
    /// Moves the elements at `source` to the gap before the element now at `destination`
    /// (or to the end when `destination` is `count`), keeping their order, as a list's
    /// drag and drop does.
    ///
    /// ```swift
    /// var letters = ["a", "b", "c"]
    /// letters.move(fromOffsets: [0], toOffset: 2)
    /// #expect(letters == ["b", "a", "c"])
    /// ```
    ///
    /// - Parameters:
    ///   - source: The offsets of the elements to move; each must be an index of the array.
    ///   - destination: The gap to move them to, from `0` to `count`.
    mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moving = source.map { self[$0] }
        let gap = destination - source.count(in: 0..<destination)
        for offset in source.reversed() { remove(at: offset) }
        insert(contentsOf: moving, at: gap)
    }
}
