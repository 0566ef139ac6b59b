import EffectEngine
import EffectEngineCLI
import Foundation

/// The trivial line feature: one command, no rendering to speak of.
enum Tally {
    enum Event: String, CaseIterable, Sendable { case increment }

    static func update(state: inout Int, event: Event) -> Effect<Event, Void>? {
        state &+= 1
        return nil
    }
}

/// Reads standard input to its end and reports the nanoseconds it took on standard
/// error: `raw` with a plain `readLine()` loop, `host` through `LineHost`.
@MainActor
func linesProbe(kind: String) async {
    var lines = 0
    let elapsed = await timed {
        if kind == "raw" {
            while let line = readLine() {
                if !line.isEmpty { lines += 1 }
            }
        } else {
            let host = LineHost(
                initialState: 0, env: (), commands: .cases(), render: { _ in "" }, update: Tally.update)
            _ = await host.runStandardInput()
            lines = host.state
        }
    }
    FileHandle.standardError.write(Data("\(elapsed) \(lines)\n".utf8))
}

extension Scenarios {
    /// `count` piped lines through `LineHost` against a `readLine()` loop, each run in a
    /// child process reading a file of lines on its standard input.
    mutating func lines(count: Int) {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("effectengine-lines-\(getpid()).txt").path
        let text = String(repeating: "increment\n", count: count)
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let runs = max(3, budget.repetitions)
        add(
            "lines.baseline", "readLine() loop over \(count) piped lines",
            linesFigure("raw", path, count, runs))
        add(
            "lines", "LineHost over \(count) piped lines, rendering off",
            linesFigure("host", path, count, runs),
            baseline: "lines.baseline", bar: "≤ 3×")
    }

    private func linesFigure(_ kind: String, _ path: String, _ count: Int, _ runs: Int) -> (
        median: Double, min: Double, max: Double
    ) {
        var samples: [Double] = []
        for _ in 0..<runs {
            let child = Process()
            child.executableURL = Bundle.main.executableURL
            child.arguments = ["--lines-probe", kind]
            child.standardInput = FileHandle(forReadingAtPath: path)
            child.standardOutput = FileHandle.nullDevice
            let report = Pipe()
            child.standardError = report
            guard (try? child.run()) != nil else { continue }
            let data = report.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, let nanoseconds = Double(fields[0]), Int(fields[1]) == count else {
                continue
            }
            samples.append(nanoseconds / Double(count))
        }
        samples.sort()
        guard !samples.isEmpty else { return (0, 0, 0) }
        return (samples[samples.count / 2], samples.first!, samples.last!)
    }
}
