import EffectEngine
import Synchronization
import Testing

@Suite("Effect.map lifts a child's effect: events embedded, env projected, names scoped")
struct EffectMapTests {
    enum Child: Equatable, Sendable {
        case ping
        case pong(String)
    }

    enum Parent: Equatable, Sendable {
        case child(Child)
    }

    struct ParentEnv: Sendable {
        var childLabel: String
    }

    typealias ChildEffect = Effect<Child, String>

    static let task: ChildEffect = .task(name: "load") { _, _ in }
    static let unnamed: ChildEffect = .task { _, _ in }

    @Test("a scope prefixes task and cancel names with scope/")
    func scopePrefixesNames() {
        let effect: ChildEffect = .sequence([Self.task, .cancel("load"), Self.unnamed])
        let lifted = effect.map(Parent.child, env: { (env: ParentEnv) in env.childLabel }, scope: "rows/7")
        #expect(
            lifted.summary
                == .sequence([.task(name: "rows/7/load"), .cancel("rows/7/load"), .task(name: "rows/7/")]))
    }

    @Test("no scope, an empty scope or a trailing slash: names as expected")
    func scopeSpellings() {
        let project: @Sendable (ParentEnv) -> String = { $0.childLabel }
        #expect(Self.task.map(Parent.child, env: project).summary == .task(name: "load"))
        #expect(Self.task.map(Parent.child, env: project, scope: "").summary == .task(name: "load"))
        #expect(Self.task.map(Parent.child, env: project, scope: "///").summary == .task(name: "load"))
        #expect(Self.task.map(Parent.child, env: project, scope: "a/").summary == .task(name: "a/load"))
        #expect(Self.unnamed.map(Parent.child, env: project).summary == .task(name: nil))
    }

    @Test("scopes nest: a child of a child runs a/b/load and cancels under a/b")
    func nestedScopes() {
        let inner: ChildEffect = .sequence([Self.task, .cancel(scope: "sync")])
        let middle = inner.map({ $0 }, scope: "b")
        let outer = middle.map(Parent.child, env: { (env: ParentEnv) in env.childLabel }, scope: "a")
        #expect(outer.summary == .sequence([.task(name: "a/b/load"), .cancel(scope: "a/b/sync")]))
    }

    @Test("an action's event is embedded and its env projected")
    func actionEmbedsAndProjects() throws {
        let effect: ChildEffect = .action { label in .pong(label) }
        let lifted = effect.map(Parent.child, env: { (env: ParentEnv) in env.childLabel }, scope: "c")
        guard case .action(let produce) = lifted else { throw Unexpected(lifted.summary) }
        #expect(produce(ParentEnv(childLabel: "hello")) == .child(.pong("hello")))
        let silent: ChildEffect = .action { _ in nil }
        guard case .action(let none) = silent.map(Parent.child, env: { (env: ParentEnv) in env.childLabel })
        else {
            throw Unexpected(nil)
        }
        #expect(none(ParentEnv(childLabel: "x")) == nil)
    }

    @Test("a task's body gets the projected env and an input that embeds its events")
    func taskBodyEmbedsAndProjects() async throws {
        let child: ChildEffect = .task(name: "echo") { input, label in
            input(.pong(label))
            await input.perform(.ping)
        }
        let lifted = child.map(Parent.child, env: { (env: ParentEnv) in env.childLabel }, scope: "c")
        guard case .task(_, _, let operation) = lifted else { throw Unexpected(lifted.summary) }
        let received = Mutex<[Parent]>([])
        try await operation(
            Input { event in received.withLock { $0.append(event) } }, ParentEnv(childLabel: "hi"))
        #expect(received.withLock { $0 } == [.child(.pong("hi")), .child(.ping)])
    }

    @Test("a report of a missing child gains the parent's scope")
    func reportGainsTheScope() {
        let effect: ChildEffect = .report(.childMissing(scope: "rows/3", event: "pause"))
        #expect(
            effect.map(Parent.child, env: { (env: ParentEnv) in env.childLabel }, scope: "list").summary
                == .report(Diagnostic.childMissing(scope: "list/rows/3", event: "pause").description))
        let other: ChildEffect = .report(.chainCut(limit: 3, event: "x"))
        #expect(other.map(Parent.child, scope: "list").summary == other.summary)
    }

    @Test(".cancel(scope:) is a cancel of scope/; an empty scope does nothing")
    func cancelScope() {
        #expect(ChildEffect.cancel(scope: "rows/7").summary == .cancel("rows/7/"))
        #expect(ChildEffect.cancel(scope: "rows/7/").summary == .cancel(scope: "rows/7"))
        #expect(ChildEffect.cancel(scope: "").summary == .sequence([]))
        #expect(EffectSummary.cancel(scope: "/") == .sequence([]))
        #expect(EffectSummary.cancel(scope: "a").description == "cancel(\"a/\")")
    }

    struct Unexpected: Error {
        let summary: EffectSummary?
        init(_ summary: EffectSummary?) { self.summary = summary }
    }
}
