/// The open throttle windows of a host's named tasks: for each name, when its latest run
/// started or is due to start, on the host's clock (as a ``HostClock`` tells time).
///
/// A plain value owned by the host's ``LoopCore``. It decides; the host starts the tasks. Each decision
/// is O(1); windows that have ended are swept out now and then, so a host throttling
/// many short-lived names keeps no more than about twice the open windows.
struct ThrottleWindows: Hashable, Sendable {
    private struct Window: Hashable, Sendable {
        /// When the run that opened the window started, or is due to start.
        var start: Duration
        /// How long the window lasts.
        var length: Duration
        var end: Duration { start + length }
    }

    private var windows: [String: Window] = [:]
    /// The count at which ended windows are next swept out.
    private var sweepAt = 64

    init() {}

    /// Whether no window is open: the host's hot path tests this before anything else.
    var isEmpty: Bool { windows.isEmpty }
    /// How many windows are kept, ended ones not yet swept out included.
    var count: Int { windows.count }

    /// A throttled issue of `name` at `now`: returns when its body is to start — `now`
    /// (the leading edge), the end of the open window (`latest`), or `nil` when the issue
    /// is dropped. A window is half open: an issue at its very end opens the next one.
    ///
    /// With `latest`, a run due at the end of the window counts as the window's successor
    /// at once: a later issue before that run starts takes its place, and an issue after
    /// it falls in the window it opens.
    mutating func issued(_ name: String, at now: Duration, window length: Duration, latest: Bool) -> Duration?
    {
        if let window = windows[name], now < window.start + length {
            guard latest else { return nil }
            // A run still due (`start` after `now`) is taken over; otherwise the next run
            // is due when the current window ends.
            let start = window.start > now ? window.start : window.start + length
            windows[name] = Window(start: start, length: length)
            return start
        }
        windows[name] = Window(start: now, length: length)
        if windows.count >= sweepAt { sweep(now: now) }
        return now
    }

    /// `.cancel(name)`, or an issue of the name that is not throttled: its window closes.
    mutating func forget(_ name: String) {
        windows.removeValue(forKey: name)
    }

    /// `.cancel(scope:)`: the windows of every name under `scope` (a name ending in `/`)
    /// close, as the tasks under it are cancelled.
    mutating func forget(scope: String) {
        guard !windows.isEmpty else { return }
        windows = windows.filter { !$0.key.utf8.starts(with: scope.utf8) }
    }

    /// Removes the windows that ended by `now`: an issue would find them closed anyway.
    private mutating func sweep(now: Duration) {
        windows = windows.filter { $0.value.end > now }
        sweepAt = max(64, windows.count * 2)
    }
}
