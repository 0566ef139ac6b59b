import Foundation

extension Scenarios {
    /// Resident bytes per live task, each figure the median of child processes.
    mutating func memory(count: Int) {
        let runs = max(3, budget.repetitions)
        add(
            "memory.baseline", "RSS per raw Task asleep (\(count) tasks)", probe("raw", count, runs),
            unit: "B/task")
        add(
            "memory", "RSS per live named task asleep (\(count) tasks)", probe("host", count, runs),
            unit: "B/task",
            baseline: "memory.baseline", bar: "≤ 1.5×")
        add(
            "memory.actor", "RSS per live named task asleep on an ActorHost (\(count) tasks)",
            probe("actor", count, runs), unit: "B/task", baseline: "memory", bar: "≤ 1.2×")
    }

    /// Resident memory after many replace cycles against before, with the registry.
    mutating func churn(cycles: Int) {
        // A fresh process, so earlier scenarios' high-water mark does not hide growth.
        let fields = childOutput(["--churn-probe", String(cycles)]).split(separator: " ")
        guard fields.count == 4, let before = Double(fields[0]), let after = Double(fields[1]) else { return }
        let running = String(fields[2])
        let afterStop = String(fields[3])
        let value = after / max(before, 1)
        add(
            "churn",
            "RSS after \(cycles) replace cycles ÷ before (\(mebibytes(after)) / \(mebibytes(before)) MiB); "
                + "live names after the cycles: \(running), tasks after stop: \(afterStop)",
            (value, value, value), unit: "ratio", bar: "≤ 1.1×")
        if value > 1.1 || running != "t" || afterStop != "0" {
            FileHandle.standardError.write(
                Data("warning: churn grew RSS by \(Int((value - 1) * 100))%, live names \(running)\n".utf8))
        }
    }

    /// Runs this executable with `arguments` and returns its standard output, trimmed.
    func childOutput(_ arguments: [String]) -> String {
        startChild(arguments)?() ?? ""
    }

    /// Starts this executable as a child process with `arguments`; what it returns waits
    /// for the child to end and gives what it printed, trimmed. `nil` when it cannot start.
    func startChild(_ arguments: [String]) -> (() -> String)? {
        let child = Process()
        child.executableURL = Bundle.main.executableURL
        child.arguments = arguments
        let output = Pipe()
        child.standardOutput = output
        guard (try? child.run()) != nil else { return nil }
        return {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    private func probe(_ kind: String, _ count: Int, _ runs: Int) -> (
        median: Double, min: Double, max: Double
    ) {
        var samples = (0..<runs).compactMap { _ in
            Double(childOutput(["--memory-probe", kind, String(count)]))
        }
        samples.sort()
        guard !samples.isEmpty else { return (0, 0, 0) }
        return (samples[samples.count / 2], samples.first!, samples.last!)
    }
}

private func mebibytes(_ bytes: Double) -> String {
    format(bytes / 1_048_576, digits: 1)
}
