import Foundation

/// Runs `work` on a thread of its own and returns what it returns, leaving the threads of
/// the cooperative pool free: a long synchronous walk of the explorer, run in a test
/// function, would otherwise hold one of them (two, on a 2-core machine) for its whole
/// length, and the suites running beside it, which wait on their hosts with bounds, would
/// wait for it too.
///
/// ```swift
/// let report = try await onThreadOfItsOwn { try TwoPhaseTests.explorer(managers: 5).checkLiveness() }
/// ```
public func onThreadOfItsOwn<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
