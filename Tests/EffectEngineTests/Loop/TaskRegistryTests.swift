import Testing

@testable import EffectEngine

@Suite("TaskRegistry: O(1) replace and cancel keyed by name")
struct TaskRegistryTests {
    static func entry(_ id: UInt64, _ name: String?) -> TaskRegistry.Entry {
        TaskRegistry.Entry(token: TaskToken(info: TaskInfo(id: id, name: name), tree: nil), handle: Task {})
    }

    @Test func replacementIsCancelThenStart() {
        var registry = TaskRegistry()
        registry.started(Self.entry(1, "t"))
        #expect(registry.cancel(named: "t")?.token.info.id == 1)
        registry.started(Self.entry(2, "t"))
        #expect(registry.names == ["t"])
        #expect(registry.cancel(named: "t")?.token.info.id == 2)
        #expect(registry.isEmpty)
    }

    @Test func aCancelledTaskEndingLaterLeavesTheLiveOneAlone() {
        var registry = TaskRegistry()
        let first = Self.entry(1, "t")
        registry.started(first)
        _ = registry.cancel(named: "t")
        registry.started(Self.entry(2, "t"))
        #expect(registry.ended(first.token) == nil)
        #expect(registry.names == ["t"])
        #expect(registry.cancel(named: "t")?.token.info.id == 2)
    }

    @Test func endingRemovesTheName() {
        var registry = TaskRegistry()
        let task = Self.entry(1, "t")
        registry.started(task)
        #expect(registry.ended(task.token)?.token.info.id == 1)
        #expect(registry.names.isEmpty)
        #expect(registry.cancel(named: "t") == nil)
    }

    @Test func unnamedTasksAreNeverReplaced() {
        var registry = TaskRegistry()
        registry.started(Self.entry(1, nil))
        registry.started(Self.entry(2, nil))
        #expect(registry.removeAll().map(\.token.info.id) == [1, 2])
    }
}
