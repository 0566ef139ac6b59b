/// How the runs of a named task are spaced in time, on the host's clock
/// (``HostOptions/clock``): debounced or throttled.
///
/// A paced task is made by ``Effect/task(name:debounce:priority:operation:)`` or
/// ``Effect/task(name:throttle:latest:priority:operation:)``, and its pacing shows in the
/// effect's summary, so a test of `update` can assert it:
///
/// ```swift
/// #expect(effect?.summary == .task(name: "search", debounce: .milliseconds(300)))
/// ```
///
/// The rules are stated in <doc:Time>.
public enum TaskPacing: Hashable, Sendable {
    /// The body starts this long after the issue, unless the name is issued again first;
    /// the newer issue then waits its own full duration.
    case debounce(Duration)
    /// At most one run starts per window, the first issue's on the leading edge. Later
    /// issues within the window are dropped, or, with `latest`, the last of them runs
    /// when the window ends, opening the next window.
    case throttle(Duration, latest: Bool)

    /// The duration of the debounce or of the throttle's window.
    ///
    /// ```swift
    /// #expect(TaskPacing.debounce(.seconds(1)).duration == .seconds(1))
    /// ```
    public var duration: Duration {
        switch self {
        case .debounce(let duration), .throttle(let duration, _): duration
        }
    }

    /// The same pacing with a negative duration counted as zero.
    @usableFromInline var clamped: TaskPacing {
        switch self {
        case .debounce(let duration): .debounce(max(.zero, duration))
        case .throttle(let duration, let latest): .throttle(max(.zero, duration), latest: latest)
        }
    }
}

extension TaskPacing: CustomStringConvertible {
    /// The pacing as the factory's arguments read: `debounce: 0.3 seconds`, or
    /// `throttle: 1.0 seconds, latest: true`.
    ///
    /// ```swift
    /// print(TaskPacing.throttle(.seconds(1), latest: true))  // throttle: 1.0 seconds, latest: true
    /// ```
    public var description: String {
        switch self {
        case .debounce(let duration): "debounce: \(duration)"
        case .throttle(let duration, let latest): "throttle: \(duration)" + (latest ? ", latest: true" : "")
        }
    }
}
