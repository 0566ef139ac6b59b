@testable import EffectEngineTesting
import Testing

/// The one task that drives a test host: a step claims the host for its task; a clock's
/// settle goes through only in that task; another task is refused while a step is under
/// way. The test's own task stays alive throughout, so it is never taken for another.
@Suite("DrivingTask: a step claims the host for its task; a clock settles only in that task")
struct DrivingTaskTests {
    /// Whether `driver` may begin in a task of its own, ending what it began.
    private func beginsInAnotherTask(_ driving: DrivingTask, for driver: DrivingTask.Driver) async -> Bool {
        await Task {
            let began = driving.begin(for: driver)
            if began { driving.end() }
            return began
        }.value
    }

    /// Only the first: the clock's task then drives the host, and a second task may be
    /// told apart from it only while the first is alive (tasks are known by identity).
    @Test func aClockMayDriveAFreshHostFromAnyTask() async {
        let driving = DrivingTask()
        #expect(await beginsInAnotherTask(driving, for: .clock))
    }

    @Test func whileAStepIsUnderWayOnlyItsTaskDrives() async {
        let driving = DrivingTask()
        #expect(driving.begin(for: .step))
        #expect(await !beginsInAnotherTask(driving, for: .step))
        #expect(await !beginsInAnotherTask(driving, for: .clock))
        // A clock moved inside the step, by the step's own task, settles it.
        #expect(driving.begin(for: .clock))
        driving.end()
        driving.end()
    }

    @Test func afterAStepTheNextStepMayComeFromAnyTaskAndAClockOnlyFromTheOwner() async {
        let driving = DrivingTask()
        #expect(driving.begin(for: .step))
        driving.end()
        #expect(await !beginsInAnotherTask(driving, for: .clock), "a clock settled a host it does not drive")
        #expect(driving.begin(for: .clock))
        driving.end()
        #expect(await beginsInAnotherTask(driving, for: .step))
    }
}
