import Testing

@testable import EffectEngine

@Suite("TaskRegistry: O(1) replace and cancel keyed by name")
struct TaskRegistryTests {
    static func entry(_ id: UInt64, _ name: String?) -> TaskRegistry.Entry {
        TaskRegistry.Entry(token: TaskToken(info: TaskInfo(id: id, name: name)), handle: Task {}, tree: nil)
    }

    @Test func replacementSwapsTheNameAtOnce() {
        var registry = TaskRegistry()
        #expect(registry.started(Self.entry(1, "t")) == nil)
        #expect(registry.started(Self.entry(2, "t"))?.token.info.id == 1)
        #expect(registry.started(Self.entry(3, "t"))?.token.info.id == 2)
        #expect(registry.names == ["t"])
        #expect(registry.cancel(named: "t")?.token.info.id == 3)
        #expect(registry.isEmpty)
    }

    @Test func aReplacedTaskEndingLaterLeavesTheLiveOneAlone() {
        var registry = TaskRegistry()
        let first = Self.entry(1, "t")
        _ = registry.started(first)
        _ = registry.started(Self.entry(2, "t"))
        #expect(registry.ended(first.token) == nil)
        #expect(registry.names == ["t"])
        #expect(registry.cancel(named: "t")?.token.info.id == 2)
    }

    @Test func endingRemovesTheName() {
        var registry = TaskRegistry()
        let task = Self.entry(1, "t")
        _ = registry.started(task)
        #expect(registry.ended(task.token)?.token.info.id == 1)
        #expect(registry.names.isEmpty)
        #expect(registry.cancel(named: "t") == nil)
    }

    @Test func unnamedTasksAreNeverReplaced() {
        var registry = TaskRegistry()
        #expect(registry.started(Self.entry(1, nil)) == nil)
        #expect(registry.started(Self.entry(2, nil)) == nil)
        #expect(registry.removeAll().map(\.token.info.id) == [1, 2])
    }
}
