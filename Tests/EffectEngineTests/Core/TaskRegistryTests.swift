import Testing

@testable import EffectEngine

@Suite("TaskRegistry: O(1) replace and cancel keyed by name, a slot per task")
struct TaskRegistryTests {
    static let now = ContinuousClock.now

    /// Issues the task `id` named `name`: its token, and the task it replaced.
    @discardableResult
    static func issue(
        _ registry: inout TaskRegistry, _ id: UInt64, _ name: String?
    ) -> (token: TaskToken, replaced: TaskRegistry.Entry?) {
        registry.issue(TaskInfo(id: id, name: name), in: nil, at: { now })
    }

    @Test func reissuingANameReplacesTheLiveTask() {
        var registry = TaskRegistry()
        Self.issue(&registry, 1, "t")
        #expect(Self.issue(&registry, 2, "t").replaced?.token.info.id == 1)
        #expect(registry.names == ["t"])
        #expect(registry.count == 1)
        #expect(registry.cancel(named: "t", at: { Self.now })?.token.info.id == 2)
        #expect(registry.isEmpty)
    }

    @Test func aReplacedTaskEndingLaterLeavesTheLiveOneAlone() {
        var registry = TaskRegistry()
        let first = Self.issue(&registry, 1, "t").token
        Self.issue(&registry, 2, "t")
        #expect(registry.ended(first) == nil)
        #expect(registry.names == ["t"])
        #expect(registry.cancel(named: "t", at: { Self.now })?.token.info.id == 2)
    }

    @Test func endingRemovesTheName() {
        var registry = TaskRegistry()
        let task = Self.issue(&registry, 1, "t").token
        #expect(registry.ended(task)?.token.info.id == 1)
        #expect(registry.names.isEmpty)
        #expect(registry.cancel(named: "t", at: { Self.now }) == nil)
        #expect(registry.bodies == 0)
    }

    @Test func unnamedTasksAreNeverReplaced() {
        var registry = TaskRegistry()
        Self.issue(&registry, 1, nil)
        #expect(Self.issue(&registry, 2, nil).replaced == nil)
        #expect(registry.removeAll(at: Self.now).map(\.token.info.id) == [1, 2])
    }

    @Test("A cancelled body keeps its slot until it returns; then the slot serves a new task")
    func slotsAreReusedOnlyOnceBodiesReturn() {
        var registry = TaskRegistry()
        let first = Self.issue(&registry, 1, "t").token
        let second = Self.issue(&registry, 2, "t").token
        #expect(first.slot != second.slot)
        #expect(registry.isCancelled(first) && !registry.isCancelled(second))
        #expect(registry.bodies == 2 && registry.cancelledBodies == 1)
        #expect(registry.ended(first) == nil)
        #expect(registry.bodies == 1 && registry.cancelledBodies == 0)
        let third = Self.issue(&registry, 3, "u").token
        #expect(third.slot == first.slot)
        // The first task's token no longer names anything: its slot is the third's.
        #expect(registry.ended(first) == nil && !registry.isCancelled(first))
        #expect(registry.names == ["t", "u"])
    }

    @Test("A cancelled body is reported once its grace has elapsed, once")
    func graceElapsesOnce() {
        var registry = TaskRegistry()
        let first = Self.issue(&registry, 1, "t").token
        _ = registry.cancel(named: "t", at: { Self.now })
        #expect(registry.graceElapsed(now: Self.now + .seconds(1), grace: .seconds(2)).isEmpty)
        #expect(registry.graceElapsed(now: Self.now + .seconds(2), grace: .seconds(2)) == [first.info])
        #expect(registry.graceElapsed(now: Self.now + .seconds(3), grace: .seconds(2)).isEmpty)
        #expect(registry.unreturned(exempt: nil) == [first.info])
        #expect(registry.allReturned(exempt: 1))
        #expect(!registry.allReturned(exempt: nil))
    }

    @Test("Registries holding the same tasks are equal whatever their slots")
    func equalityIgnoresSlots() {
        var ended = TaskRegistry()
        let first = Self.issue(&ended, 1, "a").token
        _ = ended.ended(first)
        let reusing = Self.issue(&ended, 2, "b").token
        var beside = TaskRegistry()
        let other = Self.issue(&beside, 1, "a").token
        let apart = Self.issue(&beside, 2, "b").token
        _ = beside.ended(other)
        #expect(reusing.slot != apart.slot)
        #expect(ended == beside && ended.hashValue == beside.hashValue)
        Self.issue(&ended, 3, "c")
        #expect(ended != beside)
    }
}
