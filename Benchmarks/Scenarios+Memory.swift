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
    }

    /// Resident memory after many replace cycles against before, with the registry.
    mutating func churn(cycles: Int) async {
        let result = await churnProbe(cycles: cycles)
        let growth = Double(result.after - result.before) / Double(max(result.before, 1))
        let value = Double(result.after) / Double(max(result.before, 1))
        add(
            "churn",
            "RSS after \(cycles) replace cycles ÷ before (\(mebibytes(result.after)) / \(mebibytes(result.before)) MiB); "
                + "live names \(result.running)",
            (value, value, value), unit: "ratio", bar: "≤ 1.1×")
        if growth > 0.1 || result.running != ["t"] {
            FileHandle.standardError.write(
                Data("warning: churn grew RSS by \(Int(growth * 100))%, live names \(result.running)\n".utf8))
        }
    }

    private func probe(_ kind: String, _ count: Int, _ runs: Int) -> (
        median: Double, min: Double, max: Double
    ) {
        var samples: [Double] = []
        for _ in 0..<runs {
            let child = Process()
            child.executableURL = Bundle.main.executableURL
            child.arguments = ["--memory-probe", kind, String(count)]
            let output = Pipe()
            child.standardOutput = output
            do {
                try child.run()
            } catch {
                return (0, 0, 0)
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let value = Double(text) { samples.append(value) }
        }
        samples.sort()
        guard !samples.isEmpty else { return (0, 0, 0) }
        return (samples[samples.count / 2], samples.first!, samples.last!)
    }
}

private func mebibytes(_ bytes: Int) -> String {
    format(Double(bytes) / 1_048_576, digits: 1)
}
