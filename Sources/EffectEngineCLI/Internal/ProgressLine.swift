#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Long work's progress on standard error, one line drawn again in place, so that an
/// exploration, a simulation or a test plan that runs for minutes does not look hung:
///
/// ```text
/// exploring: 1,204,220 states, 412,309 a second, depth 14
/// testing the plan: path 31 of 118, about 2 min left
/// ```
///
/// Drawn only when standard error is a terminal: a pipe or a file gets nothing, so a
/// script's output is as it was. The first report is drawn at once, later ones at most
/// every ``interval``; ``clear()`` erases the line before the work's own output is
/// written. Each kind of work calls it as it goes:
///
/// ```swift
/// let progress = ProgressLine()
/// let explorer = model.reportingProgress { progress.exploring(states: $0.done, depth: $0.depth) }
/// let report = try explorer.explore(depth: depth)
/// progress.clear()
/// ```
final class ProgressLine {
    /// The least time between two drawings.
    static let interval: Duration = .milliseconds(100)

    private let isShown: Bool
    private let now: () -> ContinuousClock.Instant
    private let write: (String) -> Void
    private let columns: () -> Int
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    private var isDrawn = false

    /// - Parameters:
    ///   - isShown: Whether to draw: by default, whether standard error is a terminal.
    ///   - now: The clock rates and estimates are read on (tests give their own).
    ///   - columns: The terminal's width; a longer line is cut, so it never wraps.
    ///   - write: Writes to standard error.
    init(
        isShown: Bool = isatty(STDERR_FILENO) == 1, now: @escaping () -> ContinuousClock.Instant = { .now },
        columns: @escaping () -> Int = { ProgressLine.terminalColumns() },
        write: @escaping (String) -> Void = { _ = FileDescriptor.writeAll($0, to: STDERR_FILENO) }
    ) {
        self.isShown = isShown
        self.now = now
        self.columns = columns
        self.write = write
        start = now()
    }

    /// An exploration: the states found, their rate, and the level reached.
    func exploring(states: Int, depth: Int?) {
        draw {
            var text = "exploring: \(Self.number(states)) states"
            if let rate = rate(of: states) { text += ", \(Self.number(rate)) a second" }
            if let depth { text += ", depth \(depth)" }
            return text
        }
    }

    /// Work counted in items of a known number: `simulating: walk 350 of 1,000, about 4 s
    /// left`.
    ///
    /// - Parameters:
    ///   - work: What is done, such as `simulating`.
    ///   - item: What is counted, such as `walk`.
    ///   - done: How many are done.
    ///   - total: How many there are.
    func counting(_ work: String, _ item: String, done: Int, of total: Int) {
        draw {
            var text = "\(work): \(item) \(Self.number(done)) of \(Self.number(total))"
            if let left = estimate(done: done, of: total) { text += ", \(left)" }
            return text
        }
    }

    /// Erases the line, if one is drawn: call it before the work's own output.
    func clear() {
        guard isDrawn else { return }
        isDrawn = false
        write("\r\u{1B}[K")
    }

    /// Draws `text()` when drawing is due: the first time at once, then at most every
    /// ``interval``. The text is made only when drawn.
    private func draw(_ text: () -> String) {
        guard isShown else { return }
        let moment = now()
        if let lastDrawn, moment - lastDrawn < Self.interval { return }
        lastDrawn = moment
        isDrawn = true
        let width = max(10, columns() - 1)
        let line = text()
        write("\r" + (line.count > width ? String(line.prefix(width - 1)) + "…" : line) + "\u{1B}[K")
    }

    /// Items a second since the start, once a tenth of a second has passed.
    private func rate(of count: Int) -> Int? {
        let seconds = Self.seconds(now() - start)
        guard seconds >= 0.1 else { return nil }
        return Int((Double(count) / seconds).rounded())
    }

    /// The time left, at the pace so far: `about 4 s left`, `about 3 min left`.
    private func estimate(done: Int, of total: Int) -> String? {
        let seconds = Self.seconds(now() - start)
        guard done > 0, done < total, seconds >= 0.1 else { return nil }
        let left = seconds / Double(done) * Double(total - done)
        if left < 90 { return "about \(max(1, Int(left.rounded()))) s left" }
        if left < 90 * 60 { return "about \(Int((left / 60).rounded())) min left" }
        return "about \(Int((left / 3600).rounded())) h left"
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// A whole number with thousands set apart: `1,204,220`.
    static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// The width of the terminal standard error writes to; 80 when it does not say.
    static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
