import EffectEnginePersistence
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `PersistenceStress` saves: a number, and a payload made of it.
private struct Sample: Codable, Sendable, Equatable {
    var number: Int
    var payload: [Int]

    var isWhole: Bool { payload.count == 16_384 && payload.allSatisfy { $0 == number } }
}

@Suite struct CrashSafetyTests {
    /// A process saving its state file as fast as it can is killed with SIGKILL at random
    /// moments; after every kill the file loads and holds the last state the process said
    /// it saved, or the one it was saving. `EFFECTENGINE_PERSIST_KILLS` sets the number of
    /// kills (default 40, which finds a torn write with a plain, non-atomic `write` in
    /// every run; 200 for the bar).
    @Test func killedMidSaveTheFileHoldsTheLastOrTheNextState() async throws {
        let kills = ProcessInfo.processInfo.environment["EFFECTENGINE_PERSIST_KILLS"].flatMap(Int.init) ?? 40
        let scratch = try Scratch()
        let path = scratch.path("sample.json")
        var generator = SystemRandomNumberGenerator()
        var torn: [String] = []
        for kill in 0..<kills {
            let run = try StressRun(path: path)
            let first = await run.waitForLine()
            try #require(first != nil, "the stress process printed nothing")
            // A random moment within a few saves.
            try await Task.sleep(for: .microseconds(Int.random(in: 0..<20_000, using: &generator)))
            let lastReported = await run.killNow()
            do {
                guard let sample = try StateFile<Sample>(path: path).load() else {
                    torn.append("kill \(kill): no file")
                    continue
                }
                if !sample.isWhole { torn.append("kill \(kill): payload of \(sample.number) torn") }
                if sample.number != lastReported && sample.number != lastReported + 1 {
                    torn.append("kill \(kill): holds \(sample.number), last saved \(lastReported)")
                }
            } catch {
                torn.append("kill \(kill): \(error)")
            }
        }
        #expect(torn.isEmpty, "\(torn.count) of \(kills) kills: \(torn.prefix(5))")
        // Each load deleted the temporary file the killed process was writing, if any.
        #expect(scratch.names == ["sample.json"])
    }
}

/// One run of `PersistenceStress`, its standard output read line by line.
private final class StressRun: @unchecked Sendable {
    // @unchecked: `lines` and `ended` are guarded by `lock`; the process is touched only
    // by the test's task.
    private let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    private var lines: [Int] = []
    private var waiters: [CheckedContinuation<Int?, Never>] = []
    private var ended = false

    init(path: String) throws {
        process.executableURL = Self.productsDirectory.appendingPathComponent("PersistenceStress")
        process.arguments = [path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.received(data)
        }
        try process.run()
    }

    private func received(_ data: Data) {
        lock.lock()
        if data.isEmpty { ended = true } else { buffer += data }
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            if let number = Int(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)) {
                lines.append(number)
            }
            buffer = Data(buffer[(newline + 1)...])
        }
        let ready = (!lines.isEmpty || ended) ? waiters : []
        if !ready.isEmpty { waiters.removeAll() }
        let first = lines.first
        lock.unlock()
        for waiter in ready { waiter.resume(returning: first) }
    }

    /// The first number printed, once there is one; `nil` when output ended first.
    func waitForLine() async -> Int? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if !lines.isEmpty || ended {
                let first = lines.first
                lock.unlock()
                continuation.resume(returning: first)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Kills the process with SIGKILL, waits for it, and returns the last number it
    /// printed: the last save it completed.
    func killNow() async -> Int {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        let rest = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        received(rest)
        return lock.withLock { lines.last ?? 0 }
    }

    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            fatalError("no test bundle")
        #else
            return Bundle.main.bundleURL
        #endif
    }
}
