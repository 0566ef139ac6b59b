import Testing

@testable import EffectEngine

@Suite("TaskRegistry: names are paths, scopes are cancelled whole")
struct TaskRegistryScopeTests {
    static func entry(_ id: UInt64, _ name: String?) -> TaskRegistry.Entry {
        TaskRegistryTests.entry(id, name)
    }

    @Test func cancellingAScopeTakesEveryTaskUnderItInStartOrder() {
        var registry = TaskRegistry()
        for (id, name) in [(1, "a/load"), (2, "a/b/load"), (3, "a/"), (4, "ab/load"), (5, "a"), (6, nil)]
            as [(UInt64, String?)]
        {
            registry.started(Self.entry(id, name))
        }
        #expect(registry.cancel(scope: "a/").map(\.token.info.id) == [1, 2, 3])
        #expect(registry.names == ["a", "ab/load"])
        #expect(registry.count == 3)
        #expect(registry.cancel(scope: "a/").isEmpty)
    }

    @Test func aNameEndingInSlashIsAnUnnamedTaskOfItsScope() {
        var registry = TaskRegistry()
        registry.started(Self.entry(1, "rows/7/"))
        registry.started(Self.entry(2, "rows/7/"))
        #expect(registry.cancel(named: "rows/7/") == nil)
        #expect(registry.names.isEmpty)
        #expect(registry.cancel(scope: "rows/7/").map(\.token.info.id) == [1, 2])
        #expect(registry.isEmpty)
    }

    @Test func endedAndCancelledTasksLeaveTheirScopes() {
        var registry = TaskRegistry()
        let ends = Self.entry(1, "a/b/x")
        registry.started(ends)
        registry.started(Self.entry(2, "a/b/y"))
        #expect(registry.ended(ends.token)?.token.info.id == 1)
        #expect(registry.cancel(named: "a/b/y")?.token.info.id == 2)
        #expect(registry.cancel(scope: "a/").isEmpty)
        #expect(registry.cancel(scope: "a/b/").isEmpty)
        registry.started(Self.entry(3, "a/b/x"))
        #expect(registry.cancel(scope: "a/b/").map(\.token.info.id) == [3])
    }

    @Test func aReplacedTaskLeavesItsScopeAndTheNewOneJoins() {
        var registry = TaskRegistry()
        registry.started(Self.entry(1, "a/load"))
        let replaced = registry.cancel(named: "a/load")
        #expect(replaced?.token.info.id == 1)
        registry.started(Self.entry(2, "a/load"))
        #expect(registry.ended(replaced!.token) == nil)
        #expect(registry.cancel(scope: "a/").map(\.token.info.id) == [2])
    }

    @Test func removeAllForgetsScopes() {
        var registry = TaskRegistry()
        registry.started(Self.entry(1, "a/x"))
        #expect(registry.removeAll().count == 1)
        #expect(registry.cancel(scope: "a/").isEmpty)
    }
}
