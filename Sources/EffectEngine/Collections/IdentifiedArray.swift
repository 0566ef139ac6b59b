/// An ordered collection of identified elements, each id at most once, found by id in
/// constant time (N13, TCA's `IdentifiedArrayOf`).
///
/// It is the rows of a list: kept in the order shown, reached by id for an event that names
/// one (`state.todos[id: id]?.isComplete.toggle()`), removed by id, and moved or removed by
/// the offsets a list's drag and drop and swipe give (`move(fromOffsets:toOffset:)`,
/// `remove(atOffsets:)`, which take a Foundation `IndexSet` or any sequence of offsets).
/// `Compose.forEach(_:in:event:scope:child:embed:env:update:parent:)`
/// runs a child feature per row; it is `Equatable`, `Hashable`, `Codable` and `Sendable`
/// when its elements are, encoded as a plain array, and a line program's `:state` and a
/// failed test show it as an array.
///
/// ```swift
/// struct Todo: Identifiable, Equatable { let id: Int; var title = ""; var isComplete = false }
///
/// var todos: IdentifiedArray<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.isComplete = true
/// todos.move(fromOffsets: [1], toOffset: 0)
/// #expect(todos.ids == [2, 1])
/// #expect(todos.remove(id: 1)?.title == "Milk")
/// ```
///
/// Reading by id costs one hash lookup; appending, one hash insertion; removing or moving
/// costs the elements after the change (their positions are renumbered), as removing from
/// an array does.
public struct IdentifiedArray<Element: Identifiable> {
    /// The elements, in order.
    @usableFromInline var storage: [Element]
    /// The position of each element, by its id.
    @usableFromInline var positions: [Element.ID: Int]

    /// An empty collection.
    ///
    /// ```swift
    /// var todos = IdentifiedArray<Todo>()
    /// ```
    @inlinable
    public init() {
        storage = []
        positions = [:]
    }

    /// The elements given, in order; an element whose id came earlier is left out (the
    /// first with an id is kept).
    ///
    /// ```swift
    /// let todos = IdentifiedArray([Todo(id: 1), Todo(id: 2), Todo(id: 1)])  // ids 1, 2
    /// ```
    ///
    /// - Parameter elements: The elements.
    public init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements { append(element) }
    }

    /// The elements given, whose ids must all differ: `nil` when two share an id.
    ///
    /// ```swift
    /// #expect(IdentifiedArray(uniqueElements: [Todo(id: 1), Todo(id: 1)]) == nil)
    /// ```
    ///
    /// - Parameter elements: The elements.
    public init?(uniqueElements elements: some Sequence<Element>) {
        self.init()
        for element in elements {
            guard append(element).inserted else { return nil }
        }
    }

    /// The elements, in order, as an array.
    ///
    /// ```swift
    /// let titles = todos.elements.map(\.title)
    /// ```
    @inlinable public var elements: [Element] { storage }

    /// The ids of the elements, in order.
    ///
    /// ```swift
    /// #expect(IdentifiedArray([Todo(id: 3), Todo(id: 1)]).ids == [3, 1])
    /// ```
    public var ids: [Element.ID] { storage.map(\.id) }

    /// The position of the element with this id, `nil` when there is none. Constant time.
    ///
    /// ```swift
    /// #expect(todos.index(id: 2) == 1)
    /// ```
    ///
    /// - Parameter id: An element's id.
    /// - Returns: Its position.
    @inlinable
    public func index(id: Element.ID) -> Int? { positions[id] }

    /// The element with this id, `nil` when there is none; in place, it is changed where it
    /// is, set to `nil` it is removed, and set to an element with this id where there is
    /// none, it is appended.
    ///
    /// ```swift
    /// todos[id: 2]?.isComplete = true   // changes row 2 in place
    /// todos[id: 1] = nil                // removes row 1
    /// ```
    ///
    /// Setting an element whose own id is not `id` is a programming error and traps: the
    /// collection would hold it under an id it does not have.
    ///
    /// - Parameter id: An element's id.
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            guard let index = positions[id] else { return nil }
            return storage[index]
        }
        set {
            if let index = positions[id] {
                if let newValue {
                    precondition(newValue.id == id, "IdentifiedArray: an element set at id \(id) has id \(newValue.id)")
                    storage[index] = newValue
                } else {
                    remove(at: index)
                }
            } else if let newValue {
                precondition(newValue.id == id, "IdentifiedArray: an element set at id \(id) has id \(newValue.id)")
                append(newValue)
            }
        }
    }

    /// Appends `element` unless an element with its id is there already, which stays as it
    /// is.
    ///
    /// ```swift
    /// let (inserted, index) = todos.append(Todo(id: 3))
    /// ```
    ///
    /// - Parameter element: The element.
    /// - Returns: Whether it was appended, and the position of the element with its id.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let index = positions[element.id] { return (false, index) }
        storage.append(element)
        positions[element.id] = storage.count - 1
        return (true, storage.count - 1)
    }

    /// Inserts `element` at `index` unless an element with its id is there already, which
    /// stays where it is.
    ///
    /// ```swift
    /// todos.insert(Todo(id: 4), at: 0)   // newest first
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - index: A position from `0` to `count`.
    /// - Returns: Whether it was inserted, and the position of the element with its id.
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        if let existing = positions[element.id] { return (false, existing) }
        storage.insert(element, at: index)
        renumber(from: index)
        return (true, index)
    }

    /// Replaces the element with `element`'s id where it is, or appends `element`.
    ///
    /// ```swift
    /// todos.updateOrAppend(Todo(id: 1, title: "Oat milk"))
    /// ```
    ///
    /// - Parameter element: The element.
    /// - Returns: The element it replaced, `nil` when it was appended.
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        guard let index = positions[element.id] else {
            append(element)
            return nil
        }
        let old = storage[index]
        storage[index] = element
        return old
    }

    /// Removes the element with this id.
    ///
    /// ```swift
    /// #expect(todos.remove(id: 1)?.title == "Milk")
    /// ```
    ///
    /// - Parameter id: An element's id.
    /// - Returns: The element removed, `nil` when there was none.
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let index = positions[id] else { return nil }
        return remove(at: index)
    }

    /// Removes the element at `index`, which must be a position of the collection.
    ///
    /// ```swift
    /// let first = todos.remove(at: 0)
    /// ```
    ///
    /// - Parameter index: A position of the collection.
    /// - Returns: The element removed.
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = storage.remove(at: index)
        positions[element.id] = nil
        renumber(from: index)
        return element
    }

    /// Removes the elements at these offsets, as a list's swipe to delete gives them (a
    /// Foundation `IndexSet`, a range, an array); an offset given twice counts once.
    ///
    /// ```swift
    /// todos.remove(atOffsets: [0, 2])
    /// ```
    ///
    /// - Parameter offsets: Positions of the collection.
    public mutating func remove(atOffsets offsets: some Sequence<Int>) {
        let doomed = Set(offsets)
        guard !doomed.isEmpty else { return }
        for offset in doomed { precondition(storage.indices.contains(offset), "IdentifiedArray: no offset \(offset)") }
        var kept: [Element] = []
        kept.reserveCapacity(storage.count - doomed.count)
        for (offset, element) in storage.enumerated() where !doomed.contains(offset) { kept.append(element) }
        replaceAll(with: kept)
    }

    /// Removes the elements for which `shouldBeRemoved` is `true`.
    ///
    /// ```swift
    /// todos.removeAll { $0.isComplete }
    /// ```
    ///
    /// - Parameter shouldBeRemoved: Whether an element goes.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        let kept = try storage.filter { try !shouldBeRemoved($0) }
        guard kept.count != storage.count else { return }
        replaceAll(with: kept)
    }

    /// Removes every element.
    ///
    /// ```swift
    /// todos.removeAll()
    /// ```
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        storage.removeAll(keepingCapacity: keepCapacity)
        positions.removeAll(keepingCapacity: keepCapacity)
    }

    /// Moves the elements at `source` to the gap before the element now at `destination`
    /// (or to the end when `destination` is `count`), keeping their order, as a list's drag
    /// and drop does (SwiftUI's `onMove`).
    ///
    /// ```swift
    /// var letters: IdentifiedArray<Letter> = [a, b, c]
    /// letters.move(fromOffsets: [0], toOffset: 2)   // b, a, c
    /// ```
    ///
    /// - Parameters:
    ///   - source: The offsets of the elements to move: a Foundation `IndexSet`, a range,
    ///     an array; each a position of the collection, an offset given twice counts once.
    ///   - destination: The gap to move them to, from `0` to `count`.
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        let moving = Set(source)
        precondition((0...storage.count).contains(destination), "IdentifiedArray: no gap \(destination)")
        for offset in moving { precondition(storage.indices.contains(offset), "IdentifiedArray: no offset \(offset)") }
        guard !moving.isEmpty else { return }
        var before: [Element] = []
        var moved: [Element] = []
        var after: [Element] = []
        for (offset, element) in storage.enumerated() {
            if moving.contains(offset) {
                moved.append(element)
            } else if offset < destination {
                before.append(element)
            } else {
                after.append(element)
            }
        }
        replaceAll(with: before + moved + after)
    }

    /// Sorts the elements in place.
    ///
    /// ```swift
    /// todos.sort { !$0.isComplete && $1.isComplete }
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: Whether the first goes before the second.
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        var sorted = storage
        try sorted.sort(by: areInIncreasingOrder)
        replaceAll(with: sorted)
    }

    /// The elements for which `isIncluded` is `true`, in order.
    ///
    /// ```swift
    /// let active = todos.filter { !$0.isComplete }
    /// ```
    ///
    /// - Parameter isIncluded: Whether an element is kept.
    /// - Returns: The collection of those elements.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> IdentifiedArray {
        var result = IdentifiedArray()
        for element in storage where try isIncluded(element) { result.append(element) }
        return result
    }

    /// Puts `elements`, whose ids are this collection's or fewer, in its place.
    @usableFromInline
    mutating func replaceAll(with elements: [Element]) {
        storage = elements
        if positions.count != elements.count { positions = Dictionary(minimumCapacity: elements.count) }
        renumber(from: 0)
    }

    /// Writes the position of every element from `index` on.
    @usableFromInline
    mutating func renumber(from index: Int) {
        for position in index..<storage.count { positions[storage[position].id] = position }
    }
}

extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element.
    @inlinable public var startIndex: Int { 0 }
    /// The position past the last element.
    @inlinable public var endIndex: Int { storage.count }
    /// The element at `position`; set, it must keep the id of the element it replaces (a
    /// programming error traps otherwise: the collection would hold it under another id).
    ///
    /// ```swift
    /// todos[0].isComplete = true
    /// ```
    ///
    /// - Parameter position: A position of the collection.
    @inlinable public subscript(position: Int) -> Element {
        get { storage[position] }
        set {
            precondition(
                newValue.id == storage[position].id,
                "IdentifiedArray: the element at \(position) has id \(storage[position].id), not \(newValue.id)")
            storage[position] = newValue
        }
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// The elements listed; an element whose id came earlier is left out.
    ///
    /// ```swift
    /// let todos: IdentifiedArray<Todo> = [Todo(id: 1), Todo(id: 2)]
    /// ```
    ///
    /// - Parameter elements: The elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements, in order.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: CustomReflectable {
    /// The elements, as an array's mirror shows them: a failed test's diff, a line
    /// program's `:state` and the explorer see rows, not the index beside them.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: storage, displayStyle: .collection) }
}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, written as an array.
    public var description: String { storage.description }
}
