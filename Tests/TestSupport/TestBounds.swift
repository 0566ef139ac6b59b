#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The wall-clock bounds the suites put on waits, against hangs: never a way to wait for
/// work, and long enough that only a hang exceeds them however many tests run beside.
///
/// The suites run their tests at once, so a test's wall time is close to the whole run's,
/// not its own: on two cores a full run takes a minute or two, and under the thread
/// sanitizer, which slows the suites tenfold, a quarter of an hour. The bound is 300
/// seconds, and ten times that in a process the sanitizer instruments.
///
/// ```swift
/// #expect(await host.waitUntilIdle(timeout: TestBounds.hang))
/// #expect(ContinuousClock.now - started < TestBounds.hang)
/// ```
public enum TestBounds {
    /// Whether the thread sanitizer's runtime is in this process.
    public static let isSanitized: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__tsan_init") != nil
    }()

    /// The bound on a wait that only a hang would exceed.
    public static let hang: Duration = .seconds(hangSeconds)

    /// ``hang`` in seconds, for `withinBound(seconds:)`.
    public static let hangSeconds: Double = isSanitized ? 3_000 : 300

    /// Twice ``hang``: the timeout of a wait a test expects to end at once, so that
    /// waiting it out would fail the test's ``hang`` bound.
    public static let pastHang: Duration = hang * 2

    /// A test's own generous bound on work it times (a search that must end within a
    /// minute), ten times longer in a process the thread sanitizer instruments.
    ///
    /// ```swift
    /// #expect(elapsed < TestBounds.scaled(.seconds(60)))
    /// ```
    public static func scaled(_ bound: Duration) -> Duration {
        isSanitized ? bound * 10 : bound
    }
}
