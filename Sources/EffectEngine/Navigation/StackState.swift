/// The state of a navigation stack: the screens pushed over a root, bottom first, each with
/// an id the stack hands out when it is pushed and never reuses (N1).
///
/// A stack is a value like any other state: it is `Equatable`, `Hashable` and `Codable`
/// when its elements are, so tests compare it, the explorer walks it and `--state` keeps
/// it. Its equality, hash and encoding include the ids and the count of ids handed out, so
/// no value hides state: two stacks that show the same screens under other ids differ.
/// ``renumbered()`` gives the canonical form the explorer's symmetry keeps (X5), in which a
/// push followed by a pop is the stack it started from.
///
/// ```swift
/// enum Screen: Hashable { case detail(Int), record }
///
/// var path = StackState<Screen>()
/// path.append(.detail(7))              // id 0
/// path.append(.record)                 // id 1
/// path.pop(from: 1)                    // back to the detail
/// path.append(.record)                 // id 2: never 1 again
/// #expect(path.ids == [0, 2])
/// #expect(path[id: 0] == .detail(7))
/// ```
///
/// It is a random-access, mutable, range-replaceable collection of its elements: an
/// element changed in place keeps its id; every element inserted gets a new one.
/// ``Compose/stack(_:in:event:scope:child:embed:env:update:appear:parent:)`` runs a child
/// feature on the element an event names and cancels the tasks of every element that
/// leaves.
public struct StackState<Element> {
    @usableFromInline var elements: [Element]
    @usableFromInline var elementIDs: [StackElementID]
    @usableFromInline var handedOut: Int
    /// The ids of the elements removed since the stack's helper last looked: how it
    /// learns, without copying the ids on every event, whose tasks to cancel. Not part of
    /// the value: equality, hashing, encoding and reflection leave it out.
    @usableFromInline var departed: [StackElementID] = []

    /// An empty stack: the root alone is shown.
    ///
    /// ```swift
    /// let path = StackState<Screen>()
    /// #expect(path.isEmpty && path.nextID == 0)
    /// ```
    @inlinable
    public init() {
        elements = []
        elementIDs = []
        handedOut = 0
    }

    /// A stack of `elements`, bottom first, with the ids 0, 1, 2… in that order.
    ///
    /// ```swift
    /// let path = StackState([Screen.detail(7), .record])
    /// #expect(path.ids == [0, 1])
    /// ```
    ///
    /// - Parameter elements: The screens, bottom first.
    @inlinable
    public init(_ elements: some Sequence<Element>) {
        self.elements = Array(elements)
        self.elementIDs = self.elements.indices.map(StackElementID.init(rawValue:))
        self.handedOut = self.elements.count
    }

    /// A stack rebuilt exactly from its ids, its elements and its next id (as a test
    /// writes a stack that has pushed and popped); `nil` when no stack could have handed
    /// those ids out: not as many ids as elements, an id twice, a negative id, or an id
    /// not below `nextID`.
    ///
    /// ```swift
    /// let path = StackState(ids: [0, 2], elements: [Screen.detail(7), .record], nextID: 3)
    /// #expect(path?.ids == [0, 2] && path?.nextID == 3)
    /// #expect(StackState(ids: [1, 1], elements: [Screen.record, .record], nextID: 2) == nil)
    /// ```
    ///
    /// - Parameters:
    ///   - ids: The elements' ids, bottom first.
    ///   - elements: The screens, bottom first.
    ///   - nextID: The id the next element pushed gets.
    public init?(ids: [StackElementID], elements: [Element], nextID: StackElementID) {
        guard Self.refusal(ids: ids, elements: elements.count, nextID: nextID) == nil else { return nil }
        self.elements = elements
        self.elementIDs = ids
        self.handedOut = nextID.rawValue
    }

    /// Why no stack could hold `ids` for that many elements with that next id, or `nil`.
    static func refusal(ids: [StackElementID], elements: Int, nextID: StackElementID) -> String? {
        guard ids.count == elements else {
            return "a stack has as many ids as elements: \(ids.count) ids, \(elements) elements"
        }
        guard Set(ids).count == ids.count else { return "a stack's ids are distinct: \(ids)" }
        if let lowest = ids.min(), lowest.rawValue < 0 { return "a stack's ids are not negative: \(lowest) is" }
        if let highest = ids.max(), highest >= nextID {
            return "a stack's ids are below its next id \(nextID): \(highest) is not"
        }
        return nil
    }

    /// The ids of the elements, bottom first.
    ///
    /// ```swift
    /// #expect(StackState([Screen.record, .record]).ids == [0, 1])
    /// ```
    @inlinable
    public var ids: [StackElementID] { elementIDs }

    /// The id the next element pushed gets: one more than the last id handed out, whether
    /// or not that element is still in the stack.
    ///
    /// ```swift
    /// var path = StackState([Screen.record])
    /// path.removeAll()
    /// #expect(path.nextID == 1)
    /// ```
    @inlinable
    public var nextID: StackElementID { StackElementID(rawValue: handedOut) }

    /// The element with `id`, `nil` when there is none.
    ///
    /// Setting an element that is there replaces it, keeping its id; setting `nil` removes
    /// that element alone (``pop(from:)`` removes the ones above too). Setting an element
    /// for an id not handed out yet pushes it with that id, as a push event naming it does;
    /// setting one for an id handed out before and since removed does nothing, as ids are
    /// never reused.
    ///
    /// ```swift
    /// var path = StackState([Screen.detail(7)])
    /// path[id: 0] = .detail(8)
    /// #expect(path[id: 0] == .detail(8))
    /// ```
    ///
    /// - Parameter id: The element's id.
    @inlinable
    public subscript(id id: StackElementID) -> Element? {
        get { index(of: id).map { elements[$0] } }
        set {
            if let index = index(of: id) {
                if let newValue {
                    elements[index] = newValue
                } else {
                    elements.remove(at: index)
                    departed.append(elementIDs.remove(at: index))
                }
            } else if let newValue, id.rawValue >= handedOut {
                append(newValue, id: id)
            }
        }
    }

    /// The position of the element with `id`, `nil` when there is none. The top of a stack
    /// is where events go most, so the search starts there.
    ///
    /// ```swift
    /// #expect(StackState([Screen.record, .record]).index(of: 1) == 1)
    /// ```
    ///
    /// - Parameter id: The element's id.
    /// - Returns: Its index in the collection.
    @inlinable
    public func index(of id: StackElementID) -> Int? {
        var index = elementIDs.count
        while index > 0 {
            index -= 1
            if elementIDs[index] == id { return index }
        }
        return nil
    }

    /// Removes the element with `id` and every element above it: the screen and all it
    /// pushed.
    ///
    /// ```swift
    /// var path = StackState([Screen.detail(7), .record, .record])
    /// path.pop(from: 1)
    /// #expect(path.ids == [0])
    /// ```
    ///
    /// - Parameter id: The lowest element to remove.
    /// - Returns: Whether the stack held `id`; when it did not, nothing changed.
    @inlinable @discardableResult
    public mutating func pop(from id: StackElementID) -> Bool {
        guard let index = index(of: id) else { return false }
        elements.removeSubrange(index...)
        removeIDs(index...)
        return true
    }

    /// Removes every element above the one with `id`, which stays on top.
    ///
    /// ```swift
    /// var path = StackState([Screen.detail(7), .record, .record])
    /// path.pop(to: 0)
    /// #expect(path.ids == [0])
    /// ```
    ///
    /// - Parameter id: The element to show.
    /// - Returns: Whether the stack held `id`; when it did not, nothing changed.
    @inlinable @discardableResult
    public mutating func pop(to id: StackElementID) -> Bool {
        guard let index = index(of: id) else { return false }
        elements.removeSubrange((index + 1)...)
        removeIDs((index + 1)...)
        return true
    }

    /// The stack with its ids renumbered 0, 1, 2… bottom first and nothing else handed
    /// out: the canonical form of every stack that shows the same screens, which the
    /// explorer's symmetry stores (X5) so that a push followed by a pop closes a cycle.
    ///
    /// ```swift
    /// var path = StackState([Screen.detail(7)])
    /// path.append(.record)
    /// path.removeLast()
    /// #expect(path != StackState([Screen.detail(7)]))
    /// #expect(path.renumbered() == StackState([Screen.detail(7)]))
    /// ```
    ///
    /// - Returns: The same elements under the ids `0..<count`.
    public func renumbered() -> StackState {
        StackState(elements)
    }

    /// Removes every element; the ids handed out stay handed out.
    ///
    /// ```swift
    /// var path: StackState<Screen> = [.record]
    /// path.removeAll()
    /// path.append(.record)
    /// #expect(path.ids == [1])
    /// ```
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        elements.removeAll(keepingCapacity: keepCapacity)
        departed += elementIDs
        elementIDs.removeAll(keepingCapacity: keepCapacity)
    }

    /// Removes the ids at `positions`, noting them as departed.
    @inlinable
    mutating func removeIDs(_ positions: some RangeExpression<Int>) {
        let range = positions.relative(to: elementIDs)
        departed += elementIDs[range]
        elementIDs.removeSubrange(range)
    }

    /// The ids removed since the last call, in the order they left.
    @inlinable
    mutating func takeDeparted() -> [StackElementID] {
        defer { departed = [] }
        return departed
    }

    /// What changed since a stack's helper last looked, for it to act on: the stack as it
    /// is, and the ids that left it.
    @usableFromInline
    struct Change {
        @usableFromInline let stack: StackState
        @usableFromInline let departed: [StackElementID]

        @inlinable
        init(stack: StackState, departed: [StackElementID]) {
            self.stack = stack
            self.departed = departed
        }
    }

    /// Takes the ids that left since the last look, and returns them with the stack.
    @inlinable
    mutating func settle() -> Change {
        let departed = takeDeparted()
        return Change(stack: self, departed: departed)
    }

    /// Pushes `element` under `id`, which must not have been handed out: out of line, so
    /// the stack's helper, inlined into a feature's `update`, holds no array growth.
    @inlinable @inline(never)
    mutating func push(_ element: Element, id: StackElementID) {
        append(element, id: id)
    }

    /// Pushes `element` under `id`, which must not have been handed out.
    @inlinable
    mutating func append(_ element: Element, id: StackElementID) {
        elements.append(element)
        elementIDs.append(id)
        handedOut = id.rawValue + 1
    }
}

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// The position of the bottom element: 0.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the top element: the count.
    @inlinable public var endIndex: Int { elements.count }

    /// The element at `position`; setting it keeps the element's id.
    ///
    /// - Parameter position: A valid index.
    @inlinable
    public subscript(position: Int) -> Element {
        get { elements[position] }
        _modify { yield &elements[position] }
    }

    /// Replaces the elements in `subrange` with `newElements`: the replaced elements and
    /// their ids leave, and each new element gets an id of its own.
    ///
    /// ```swift
    /// var path = StackState([Screen.record])
    /// path.replaceSubrange(0..<1, with: [.detail(7)])
    /// #expect(path.ids == [1])
    /// ```
    ///
    /// - Parameters:
    ///   - subrange: The positions to replace.
    ///   - newElements: The elements to insert there.
    @inlinable
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Element {
        let first = handedOut
        elements.replaceSubrange(subrange, with: newElements)
        let added = elements.count - elementIDs.count + subrange.count
        departed += elementIDs[subrange]
        elementIDs.replaceSubrange(
            subrange, with: (first..<first + added).lazy.map(StackElementID.init(rawValue:)))
        handedOut = first + added
    }
}

extension StackState: ExpressibleByArrayLiteral {
    /// A stack of the elements listed, bottom first, with ids 0, 1, 2….
    ///
    /// ```swift
    /// let path: StackState<Screen> = [.detail(7), .record]
    /// ```
    ///
    /// - Parameter elements: The screens, bottom first.
    @inlinable
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension StackState: Equatable where Element: Equatable {
    /// Two stacks are equal when they hold equal elements under the same ids and have
    /// handed out as many ids.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.handedOut == rhs.handedOut && lhs.elementIDs == rhs.elementIDs && lhs.elements == rhs.elements
    }
}

extension StackState: Hashable where Element: Hashable {
    /// Hashes the elements, their ids and the count of ids handed out.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handedOut)
        hasher.combine(elementIDs)
        hasher.combine(elements)
    }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomReflectable {
    /// The elements labelled by their ids (`#0`, `#1`…), then the next id: what test
    /// failures, `:state` and traces show.
    public var customMirror: Mirror {
        var children: [Mirror.Child] = zip(elementIDs, elements).map { ("#\($0.rawValue)", $1 as Any) }
        children.append(("nextID", handedOut as Any))
        return Mirror(self, children: children, displayStyle: .struct)
    }
}
