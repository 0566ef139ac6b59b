import Testing

/// Runs each test of a suite on a thread of its own (a ``ThreadTaskExecutor`` it prefers),
/// not on a thread of the cooperative pool: for suites whose tests are long synchronous
/// work, such as the explorer's walks and model checks.
///
/// The pool has one thread a core. Two such tests on a 2-core machine would hold both for
/// their whole length, and every other test, waiting on its hosts with bounds, would wait
/// for them too: under the thread sanitizer, which slows synchronous code tenfold, the
/// whole suite stalled for twelve minutes and the bounds failed. On threads of their own
/// the walks share the cores with the rest, and the pool stays free. A test isolated to
/// the main actor still runs there.
///
/// ```swift
/// @Suite("Explorer: the walk", .onThreadOfItsOwn)
/// struct ExplorerTests { … }
/// ```
public struct OnThreadOfItsOwnTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Only a test case is given a thread: a suite's own scope is its tests'.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(ThreadTaskExecutor()) {
            try await function()
        }
    }
}

extension Trait where Self == OnThreadOfItsOwnTrait {
    /// Each test of the suite runs on a thread of its own (``OnThreadOfItsOwnTrait``).
    public static var onThreadOfItsOwn: Self { Self() }
}
