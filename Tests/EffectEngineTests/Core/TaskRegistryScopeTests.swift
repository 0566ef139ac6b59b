import Testing

@testable import EffectEngine

@Suite("TaskRegistry: names are paths, scopes are cancelled whole")
struct TaskRegistryScopeTests {
    static let now = ContinuousClock.now

    @discardableResult
    static func issue(_ registry: inout TaskRegistry, _ id: UInt64, _ name: String?) -> TaskToken {
        TaskRegistryTests.issue(&registry, id, name).token
    }

    @Test func cancellingAScopeTakesEveryTaskUnderItInStartOrder() {
        var registry = TaskRegistry()
        for (id, name) in [(1, "a/load"), (2, "a/b/load"), (3, "a/"), (4, "ab/load"), (5, "a"), (6, nil)]
            as [(UInt64, String?)]
        {
            Self.issue(&registry, id, name)
        }
        #expect(registry.cancel(scope: "a/", at: { Self.now }).map(\.token.info.id) == [1, 2, 3])
        #expect(registry.names == ["a", "ab/load"])
        #expect(registry.count == 3)
        #expect(registry.cancel(scope: "a/", at: { Self.now }).isEmpty)
    }

    @Test func aNameEndingInSlashIsAnUnnamedTaskOfItsScope() {
        var registry = TaskRegistry()
        Self.issue(&registry, 1, "rows/7/")
        Self.issue(&registry, 2, "rows/7/")
        #expect(registry.cancel(named: "rows/7/", at: { Self.now }) == nil)
        #expect(registry.names.isEmpty)
        #expect(registry.cancel(scope: "rows/7/", at: { Self.now }).map(\.token.info.id) == [1, 2])
        #expect(registry.isEmpty)
    }

    @Test func endedAndCancelledTasksLeaveTheirScopes() {
        var registry = TaskRegistry()
        let ends = Self.issue(&registry, 1, "a/b/x")
        Self.issue(&registry, 2, "a/b/y")
        #expect(registry.ended(ends)?.token.info.id == 1)
        #expect(registry.cancel(named: "a/b/y", at: { Self.now })?.token.info.id == 2)
        #expect(registry.cancel(scope: "a/", at: { Self.now }).isEmpty)
        #expect(registry.cancel(scope: "a/b/", at: { Self.now }).isEmpty)
        Self.issue(&registry, 3, "a/b/x")
        #expect(registry.cancel(scope: "a/b/", at: { Self.now }).map(\.token.info.id) == [3])
    }

    @Test func aReplacedTaskLeavesItsScopeAndTheNewOneJoins() {
        var registry = TaskRegistry()
        let first = Self.issue(&registry, 1, "a/load")
        #expect(TaskRegistryTests.issue(&registry, 2, "a/load").replaced?.token == first)
        #expect(registry.ended(first) == nil)
        #expect(registry.cancel(scope: "a/", at: { Self.now }).map(\.token.info.id) == [2])
    }

    @Test func removeAllForgetsScopes() {
        var registry = TaskRegistry()
        Self.issue(&registry, 1, "a/x")
        #expect(registry.removeAll(at: Self.now).count == 1)
        #expect(registry.cancel(scope: "a/", at: { Self.now }).isEmpty)
    }
}
