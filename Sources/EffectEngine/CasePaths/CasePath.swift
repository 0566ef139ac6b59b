import EffectEngineShared

/// A path to one case of an enum, made from the case's constructor, with no macro: it puts
/// a value in the case (``embed``) and takes it out of a value in that case
/// (``extract(from:)``).
///
/// A case path is what a test names an event by when its payload does not matter, or is
/// not `Equatable` (an error, a response): `TestHost.receive(_:)` takes the constructor,
/// as TCA's `receive(\.loaded)` takes a case key path. Cases nest: the constructor of
/// the deepest case, written as a closure, names the whole path.
///
/// ```swift
/// let loaded = CasePath(Search.Event.loaded)
/// #expect(loaded.extract(from: .loaded(["swift"])) == ["swift"])
/// #expect(loaded.extract(from: .query("sw")) == nil)
///
/// let success = CasePath { (user: User) in App.Event.login(.response(.success(user))) }
/// #expect(success.matches(.login(.response(.success(User(name: "Ann"))))))
/// ```
///
/// ## How a value is taken out without a macro
///
/// `extract(from:)` looks through the value's enum payloads (and the elements of a
/// payload that is a tuple, and optionals) for a part of type `Value`, puts each such part
/// back with ``embed``, and keeps the one that gives the value it started from, compared
/// by their reflected renderings. So the path holds exactly the values ``embed`` makes,
/// whatever else the cases carry (`.element(id: 0, event: .detail($0))` holds element 0's
/// detail events only), and no case must be `Equatable`. It reads the value with `Mirror`:
/// microseconds, for tests and tools. ``init(embed:extract:)`` takes a hand-written
/// extraction instead, for code on a hot path.
///
/// A case path is `Sendable`, its closures `@Sendable`, so it can be a `static let` of a
/// feature and lift a child's effect whose tasks send through ``embed`` from any thread.
public struct CasePath<Root, Value>: Sendable {
    /// Puts a value in the case: the case's constructor.
    ///
    /// ```swift
    /// let loaded = CasePath(Movies.Event.loaded)
    /// let event = loaded.embed(["Alien"])  // .loaded(["Alien"])
    /// ```
    public let embed: @Sendable (Value) -> Root
    /// Takes the value out of a root in the case.
    private let extractor: @Sendable (Root) -> Value?

    /// A case path from the case's constructor, extracting by reflection.
    ///
    /// ```swift
    /// let loaded = CasePath(Movies.Event.loaded)      // (Result<[Movie], any Error>) -> Event
    /// let tapped = CasePath { App.Event.path(.element(id: 0, event: .detail(.tapped($0)))) }
    /// ```
    ///
    /// - Parameter embed: The case's constructor, or a closure that nests cases.
    public init(_ embed: @escaping @Sendable (Value) -> Root) {
        self.embed = embed
        extractor = { root in Self.reflectedExtract(from: root, embed: embed) }
    }

    /// A case path of a case with two values, from its constructor: its value is the pair.
    ///
    /// ```swift
    /// let detail = CasePath(Path.State.detail)        // (SyncUp.ID, SyncUpDetail.Own) -> Path.State
    /// ```
    ///
    /// - Parameter embed: The case's constructor.
    public init<First, Second>(_ embed: @escaping @Sendable (First, Second) -> Root) where Value == (First, Second) {
        self.init { pair in embed(pair.0, pair.1) }
    }

    /// A case path with a hand-written extraction: no reflection.
    ///
    /// ```swift
    /// let loaded = CasePath<Event, [String]>(
    ///     embed: Event.loaded, extract: { if case .loaded(let names) = $0 { names } else { nil } })
    /// ```
    ///
    /// - Parameters:
    ///   - embed: Puts a value in the case.
    ///   - extract: Takes the value out of a root in the case, `nil` for another case.
    public init(embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
        self.embed = embed
        extractor = extract
    }

    /// The value `root` holds in this case, `nil` when it is in another.
    ///
    /// ```swift
    /// #expect(CasePath(Search.Event.loaded).extract(from: .loaded(["a"])) == ["a"])
    /// ```
    ///
    /// - Parameter root: A value of the enum.
    /// - Returns: Its value in the case.
    public func extract(from root: Root) -> Value? { extractor(root) }

    /// Whether `root` is in this case.
    ///
    /// ```swift
    /// #expect(CasePath(Search.Event.loaded).matches(.loaded([])))
    /// ```
    ///
    /// - Parameter root: A value of the enum.
    /// - Returns: `true` when ``extract(from:)`` finds a value.
    public func matches(_ root: Root) -> Bool { extractor(root) != nil }

    /// Changes the value `root` holds in this case, in place; returns `false`, changing
    /// nothing, when `root` is in another case.
    ///
    /// ```swift
    /// var screen = Path.State.detail(id, SyncUpDetail.Own())
    /// CasePath(Path.State.detail).modify(&screen) { $0.1.destination = nil }
    /// ```
    ///
    /// - Parameters:
    ///   - root: A value of the enum.
    ///   - body: Changes the value.
    /// - Returns: Whether `root` was in the case.
    @discardableResult
    public func modify(_ root: inout Root, _ body: (inout Value) throws -> Void) rethrows -> Bool {
        guard var value = extractor(root) else { return false }
        try body(&value)
        root = embed(value)
        return true
    }

    /// This path, then `next` into the value of its case: the path to a case nested in
    /// this one.
    ///
    /// ```swift
    /// let twoFactor = CasePath(App.Event.login).appending(CasePath(Login.Event.twoFactor))
    /// ```
    ///
    /// - Parameter next: A path into this case's value.
    /// - Returns: The path from the root to the nested case.
    public func appending<Leaf>(_ next: CasePath<Value, Leaf>) -> CasePath<Root, Leaf> {
        CasePath<Root, Leaf>(
            embed: { self.embed(next.embed($0)) },
            extract: { self.extract(from: $0).flatMap(next.extract(from:)) })
    }

    /// The part of `root` that `embed` puts back into `root` itself: the first, in the
    /// order of a walk through enum payloads, tuple elements and optionals.
    static func reflectedExtract(from root: Root, embed: (Value) -> Root) -> Value? {
        var rendered: String?
        var found: Value?
        CaseParts.walk(root) { part in
            guard let candidate = part as? Value else { return false }
            let target = rendered ?? StateDiff.render(root)
            rendered = target
            guard StateDiff.render(embed(candidate)) == target else { return false }
            found = candidate
            return true
        }
        return found
    }
}

/// The walk a reflected ``CasePath`` makes through a value's cases.
enum CaseParts {
    /// How deep the walk goes: more cases nested than any event has.
    static let depthLimit = 64

    /// Visits `value`, then the payload of its case, the elements of a payload that is a
    /// tuple, and what an optional holds, depth first, until `visit` returns `true`.
    /// Returns whether it did.
    @discardableResult
    static func walk(_ value: Any, depth: Int = 0, _ visit: (Any) -> Bool) -> Bool {
        if visit(value) { return true }
        guard depth < depthLimit else { return false }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .enum, .optional, .tuple:
            return mirror.children.contains { walk($0.value, depth: depth + 1, visit) }
        default:
            return false
        }
    }
}
