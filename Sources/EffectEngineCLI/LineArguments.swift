/// The parsed command line of a line program, handed to its ``LineFeature/env(_:)``: the
/// program's own options, and the clock the host runs on.
///
/// ```swift
/// static func env(_ arguments: LineArguments) throws(LineError) -> Env {
///     .live(clock: arguments.clock, interval: try arguments.duration("interval"))
/// }
/// ```
public struct LineArguments: Sendable, Equatable {
    /// How the host runs lines: `--settle`, `--trace`, `--wait-limit`, `--virtual-time`
    /// and `--main-actor-tasks`.
    var settings = LineSettings()
    /// Whether `--help` was given.
    var showsHelp = false
    /// Each option's value as given, or its default.
    var values: [String: String] = [:]
    /// The flags given.
    var flags: Set<String> = []
    /// The options given, in order, each once.
    var given: [String] = []

    /// The clock the host runs on, for the env's clocks: with `--virtual-time`, the
    /// host's virtual clock, so the feature's own sleeps jump with it; else a
    /// `ContinuousClock`.
    ///
    /// ```swift
    /// static func env(_ arguments: LineArguments) -> Env { .live(clock: arguments.clock) }
    /// ```
    public var clock: any Clock<Duration> { settings.clock }

    /// Whether the run is on virtual time (`--virtual-time`): an env that draws ids or
    /// reads the date can make them deterministic then, so that a script prints the same
    /// every time, as its timers do.
    ///
    /// ```swift
    /// let uuid: @Sendable () -> UUID = arguments.isVirtualTime ? UUID.incrementing() : { UUID() }
    /// ```
    public var isVirtualTime: Bool { settings.virtualTime }

    /// The value of an option given with ``LineOption/value(_:placeholder:default:summary:)``,
    /// or its default.
    ///
    /// ```swift
    /// let name = arguments.value("name") ?? "world"
    /// ```
    ///
    /// - Parameter name: The option's name, without `--`.
    /// - Returns: The value given, the default when absent, or `nil` when it has neither.
    public func value(_ name: String) -> String? {
        values[name]
    }

    /// Whether a flag given with ``LineOption/flag(_:summary:)`` is present.
    ///
    /// ```swift
    /// let env = Movies.Env.live(failing: arguments.flag("fail"))
    /// ```
    ///
    /// - Parameter name: The flag's name, without `--`.
    /// - Returns: `true` when the flag was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of an option read as a duration: a number followed by `ms`, `s` or `m`,
    /// such as `300ms`, `1s` or `0.5s`.
    ///
    /// ```swift
    /// let debounce = try arguments.duration("debounce")
    /// ```
    ///
    /// - Parameter name: The option's name, without `--`.
    /// - Returns: The duration.
    /// - Throws: A ``LineError`` when the option is missing or is not a duration.
    public func duration(_ name: String) throws(LineError) -> Duration {
        guard let text = value(name) else { throw LineError("'--\(name)' needs <duration>") }
        return try Self.duration(text, for: name)
    }

    /// The value of an option read as a whole number, such as `--count 3`.
    ///
    /// ```swift
    /// let count = try arguments.int("count")
    /// ```
    ///
    /// - Parameter name: The option's name, without `--`.
    /// - Returns: The number.
    /// - Throws: A ``LineError`` when the option is missing or is not a whole number.
    public func int(_ name: String) throws(LineError) -> Int {
        guard let text = value(name) else { throw LineError("'--\(name)' needs <n>") }
        return try Self.wholeNumber(text, for: name)
    }

    /// `text` read as a whole number, or an error naming `--name`.
    static func wholeNumber(_ text: String, for name: String) throws(LineError) -> Int {
        guard let number = Int(text) else {
            throw LineError("'--\(name)' needs a whole number, got \(LineError.quote(text))")
        }
        return number
    }

    /// `text` read as a duration, or an error naming `--name`.
    static func duration(_ text: String, for name: String) throws(LineError) -> Duration {
        guard let duration = duration(from: text) else {
            throw LineError("'--\(name)' needs a duration such as 300ms or 1s, got \(LineError.quote(text))")
        }
        return duration
    }

    static func duration(from text: String) -> Duration? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        for unit in units where text.hasSuffix(unit.suffix) {
            guard let number = Double(text.dropLast(unit.suffix.count)), number >= 0 else { return nil }
            // Past `Int64.max` nanoseconds (292 years), `Int64(_:)` would trap: `1e300s` is
            // rejected like any other text that is not a duration.
            let nanoseconds = (number * unit.seconds * 1e9).rounded()
            guard nanoseconds < Double(Int64.max) else { return nil }
            return .nanoseconds(Int64(nanoseconds))
        }
        return nil
    }
}
