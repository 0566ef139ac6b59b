import EffectEngine
import EffectEngineShared
import Foundation
import TestSupport

/// One run of a built example: its standard input is a pipe the test writes to, its
/// standard output and error are collected as they come, and the test waits, bounded,
/// for what it expects — an output, or the exit — never for a fixed time.
final class ExampleProcess: Sendable {
    struct Finished: Equatable {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// The signal that ended the process (a crash: SIGILL, SIGSEGV, SIGTRAP), or
        /// `nil` when it exited.
        var signal: Int32? = nil
    }

    private struct State {
        var output = Data()
        var error = Data()
        var openStreams = 2
        var status: Int32?
        var signal: Int32?
        var waiters:
            [UInt64: (predicate: @Sendable (State) -> Bool, continuation: CheckedContinuation<Bool, Never>)] =
                [:]
        var nextWaiter: UInt64 = 0

        var isFinished: Bool { status != nil && openStreams == 0 }
        var standardOutput: String { String(decoding: output, as: UTF8.self) }
        var standardError: String { String(decoding: error, as: UTF8.self) }
    }

    private let process = Process()
    private let input = Pipe()
    private let state = Locked(State())

    /// Starts the example `name` found next to the test bundle, in `directory` (by
    /// default the test's own).
    convenience init(_ name: String, arguments: [String] = [], in directory: URL? = nil) throws {
        try self.init(
            executable: Self.productsDirectory.appendingPathComponent(name), arguments: arguments, in: directory)
    }

    /// Starts any executable.
    init(executable: URL, arguments: [String], in directory: URL? = nil) throws {
        let output = Pipe()
        let error = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        process.terminationHandler = { [weak self] process in
            self?.update {
                $0.status = process.terminationStatus
                if process.terminationReason == .uncaughtSignal { $0.signal = process.terminationStatus }
            }
        }
        try process.run()
        collect(output.fileHandleForReading, into: \.output)
        collect(error.fileHandleForReading, into: \.error)
    }

    /// Runs `name` with `input` as its whole standard input and waits for it to end.
    static func run(
        _ name: String, arguments: [String] = [], input: String, timeout: Duration = .seconds(300)
    ) async throws -> Finished? {
        try await run(name, arguments: arguments, input: Data(input.utf8), timeout: timeout)
    }

    /// Runs `name` with its standard output closed before it writes anything, as
    /// `name | true` does, and returns how it ended and what it wrote to standard error.
    static func runWithClosedOutput(
        _ name: String, arguments: [String] = [], input: String
    ) async throws -> (reason: Process.TerminationReason, status: Int32, standardError: String) {
        let standardOutput = Pipe()
        try standardOutput.fileHandleForReading.close()
        return try await run(name, arguments: arguments, input: input, standardOutput: standardOutput)
    }

    /// Runs `name` with `standardOutput` as its standard output (a closed pipe, a full
    /// device), and returns how it ended and what it wrote to standard error.
    static func run(
        _ name: String, arguments: [String] = [], input: String, standardOutput: Any
    ) async throws -> (reason: Process.TerminationReason, status: Int32, standardError: String) {
        let process = Process()
        process.arguments = arguments
        let standardInput = Pipe()
        let standardError = Pipe()
        process.executableURL = productsDirectory.appendingPathComponent(name)
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        let ended = AsyncStream<(Process.TerminationReason, Int32)>.makeStream()
        process.terminationHandler = { process in
            ended.continuation.yield((process.terminationReason, process.terminationStatus))
            ended.continuation.finish()
        }
        try process.run()
        ignoreBrokenPipes()
        try? standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? standardInput.fileHandleForWriting.close()
        // Read on a thread of its own: a blocking read on a thread of the cooperative pool
        // (two, on a 2-core machine) holds it for the child's whole life, and the suites
        // beside this one wait on bodies that need the pool.
        let errorOutput = standardError.fileHandleForReading
        let error = try await onThreadOfItsOwn { String(decoding: errorOutput.readDataToEndOfFile(), as: UTF8.self) }
        for await (reason, status) in ended.stream { return (reason, status, error) }
        return (.uncaughtSignal, -1, error)
    }

    /// Runs `name` with the bytes `input` as its whole standard input and waits for it to end.
    static func run(
        _ name: String, arguments: [String] = [], input: Data, in directory: URL? = nil,
        timeout: Duration = .seconds(300)
    ) async throws -> Finished? {
        let example = try ExampleProcess(name, arguments: arguments, in: directory)
        example.write(input)
        example.closeInput()
        return await example.finished(within: timeout)
    }

    func write(_ text: String) {
        write(Data(text.utf8))
    }

    /// Writes raw bytes, such as invalid UTF-8, to standard input.
    ///
    /// A child that already exited (a bad flag ends it with status 64 before it reads a
    /// line) has closed its end of the pipe: the write then fails with `EPIPE`, which is
    /// not the test's concern. SIGPIPE is ignored in the test process, so that failure is
    /// an error here and never kills the whole test run.
    func write(_ bytes: Data) {
        Self.ignoreBrokenPipes()
        try? input.fileHandleForWriting.write(contentsOf: bytes)
    }

    /// Ignores SIGPIPE in the test process, once.
    private static func ignoreBrokenPipes() {
        _ = brokenPipesIgnored
    }

    private static let brokenPipesIgnored: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    func interrupt() {
        process.interrupt()
    }

    /// Sends the signal `number` (SIGTERM, SIGHUP, SIGQUIT…) to the process.
    func send(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    var standardOutput: String { state.withLock { $0.standardOutput } }

    /// Waits until standard output contains `text`; `false` after `timeout`.
    func waitForOutput(containing text: String, within timeout: Duration = .seconds(300)) async -> Bool {
        await wait(within: timeout) { $0.standardOutput.contains(text) }
    }

    /// Waits until standard error contains `text`; `false` after `timeout`.
    func waitForError(containing text: String, within timeout: Duration = .seconds(300)) async -> Bool {
        await wait(within: timeout) { $0.standardError.contains(text) }
    }

    /// Waits until the process has exited and both output streams are closed; kills it
    /// and returns `nil` after `timeout`.
    func finished(within timeout: Duration = .seconds(300)) async -> Finished? {
        guard await wait(within: timeout, until: \.isFinished) else {
            process.terminate()
            return nil
        }
        return state.withLock {
            Finished(
                status: $0.status!, standardOutput: $0.standardOutput, standardError: $0.standardError,
                signal: $0.signal)
        }
    }

    private func wait(within timeout: Duration, until predicate: @escaping @Sendable (State) -> Bool) async
        -> Bool
    {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let bound = Task {
            try? await Task.sleep(for: timeout)
            self.resolve(id, with: false)
        }
        defer { bound.cancel() }
        return await withCheckedContinuation { continuation in
            let satisfied = state.withLock { state in
                if predicate(state) { return true }
                state.waiters[id] = (predicate, continuation)
                return false
            }
            if satisfied { continuation.resume(returning: true) }
        }
    }

    private func resolve(_ id: UInt64, with result: Bool) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.continuation.resume(returning: result)
    }

    private func update(_ change: (inout State) -> Void) {
        let ready = state.withLock { state in
            change(&state)
            let ready = state.waiters.filter { $0.value.predicate(state) }
            for id in ready.keys { state.waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume(returning: true) }
    }

    /// Reads a stream on a thread of its own until end of file.
    private func collect(_ handle: FileHandle, into buffer: WritableKeyPath<State, Data> & Sendable) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                update { $0[keyPath: buffer].append(chunk) }
            }
            update { $0.openStreams -= 1 }
        }
        thread.start()
    }

    /// The directory holding the built products, as swift-argument-parser's tests find it.
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            fatalError("couldn't find the products directory")
        #else
            return Bundle.main.bundleURL
        #endif
    }
}
