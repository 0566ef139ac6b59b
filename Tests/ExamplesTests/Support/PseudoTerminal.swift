#if canImport(Glibc)
    import EffectEngineShared
    import Foundation
    import Glibc

    /// A built example run at a pseudo-terminal, typed at as a person types: its standard
    /// input, output and error are the terminal's, the test writes keys to it, and reads
    /// back what the program drew, as bytes and as the screen a terminal would show. Waits
    /// are on what is drawn, each bounded, never for a fixed time.
    final class PseudoTerminal: Sendable {
        private struct State {
            var output: [UInt8] = []
            var status: Int32?
            var waiters:
                [UInt64: (
                    predicate: @Sendable (State) -> Bool, continuation: CheckedContinuation<Bool, Never>
                )] = [:]
            var nextWaiter: UInt64 = 0
        }

        private let master: Int32
        /// Kept open by the test, so that the terminal's settings can be read after the
        /// program is gone.
        let slave: Int32
        /// A pipe whose writing end stops the reader thread.
        private let stop: (read: Int32, write: Int32)
        private let process = Process()
        private let state = Locked(State())
        /// The terminal's settings before the program started.
        let settingsBefore: termios

        /// Starts `name` at a new terminal of 80 columns by 24 rows.
        init(_ name: String, arguments: [String] = []) throws {
            var master: Int32 = 0
            var slave: Int32 = 0
            var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENXIO) }
            self.master = master
            self.slave = slave
            var settings = termios()
            tcgetattr(slave, &settings)
            settingsBefore = settings
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            stop = (ends[0], ends[1])
            let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            process.executableURL = ExampleProcess.productsDirectory.appendingPathComponent(name)
            process.arguments = arguments
            process.environment = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]
            process.standardInput = terminal
            process.standardOutput = terminal
            process.standardError = terminal
            process.terminationHandler = { [weak self] process in
                self?.update { $0.status = process.terminationStatus }
            }
            try process.run()
            startReading()
        }

        /// Stops the program if it still runs, and the reader thread, which closes the
        /// terminal's master side as it ends.
        deinit {
            if process.isRunning { process.terminate() }
            _ = Glibc.write(stop.write, "x", 1)
            close(stop.write)
            close(slave)
        }

        /// Sends the signal `number` (SIGTERM, SIGHUP, SIGQUIT…) to the program.
        func send(_ number: Int32) {
            kill(process.processIdentifier, number)
        }

        /// Types `keys`, as one burst.
        func type(_ keys: String) {
            var bytes = Array(keys.utf8)
            _ = Glibc.write(master, &bytes, bytes.count)
        }

        /// Everything the program drew, as text.
        var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

        /// The rows a terminal shows after all that was drawn; the row the cursor is on
        /// is the last.
        var screen: [String] { ScreenModel(drawing: state.withLock { $0.output }).rows }

        /// Waits until `predicate` holds for what was drawn; `false` after `timeout`.
        func wait(
            within timeout: Duration = .seconds(20), until predicate: @escaping @Sendable (String) -> Bool
        ) async -> Bool {
            await wait(within: timeout) { predicate(String(decoding: $0.output, as: UTF8.self)) }
        }

        /// Waits until the screen's last row, the one being typed on, reads `row`.
        func waitForLine(_ row: String, within timeout: Duration = .seconds(20)) async -> Bool {
            await waitForScreen(within: timeout) { $0.last == row }
        }

        /// Waits until `predicate` holds for the screen's rows.
        func waitForScreen(
            within timeout: Duration = .seconds(20), until predicate: @escaping @Sendable ([String]) -> Bool
        ) async -> Bool {
            await wait(within: timeout) { predicate(ScreenModel(drawing: $0.output).rows) }
        }

        /// Waits for the program to exit and returns its status; `nil` (and the program is
        /// killed) after `timeout`.
        func exitStatus(within timeout: Duration = .seconds(20)) async -> Int32? {
            guard await wait(within: timeout, until: { $0.status != nil }) else {
                process.terminate()
                return nil
            }
            return state.withLock { $0.status }
        }

        /// The terminal's settings now.
        var settings: termios {
            var settings = termios()
            tcgetattr(slave, &settings)
            return settings
        }

        private func wait(
            within timeout: Duration, until predicate: @escaping @Sendable (State) -> Bool
        ) async -> Bool {
            let id = state.withLock { state in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            let bound = Task {
                try? await Task.sleep(for: timeout)
                let waiter = self.state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.continuation.resume(returning: false)
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

        private func update(_ change: (inout State) -> Void) {
            let ready = state.withLock { state in
                change(&state)
                let ready = state.waiters.filter { $0.value.predicate(state) }
                for id in ready.keys { state.waiters[id] = nil }
                return ready.values.map(\.continuation)
            }
            for continuation in ready { continuation.resume(returning: true) }
        }

        /// Reads the terminal on a thread of its own until the test stops it.
        private func startReading() {
            let master = master
            let stop = stop.read
            let thread = Thread { [weak self] in
                defer {
                    close(master)
                    close(stop)
                }
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    var descriptors = [
                        pollfd(fd: master, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
                    ]
                    guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return }
                    if descriptors[1].revents != 0 { return }
                    guard descriptors[0].revents != 0 else { continue }
                    let count = read(master, &buffer, buffer.count)
                    if count <= 0 { return }
                    self?.update { $0.output += buffer[0..<count] }
                }
            }
            thread.start()
        }
    }

    /// What a terminal shows after a stream of output: the characters drawn, carriage
    /// returns and newlines, and the sequences the line editor sends (`ESC [ K` clears to
    /// the end of the row, `ESC [ n C` and `ESC [ n D` move the cursor). Any other sequence
    /// is skipped.
    struct ScreenModel {
        private(set) var rows: [String] = []

        init(drawing bytes: [UInt8]) {
            var grid: [[Character]] = [[]]
            var row = 0
            var column = 0
            var index = 0
            let text = Array(String(decoding: bytes, as: UTF8.self))
            while index < text.count {
                let character = text[index]
                index += 1
                switch character {
                case "\r":
                    column = 0
                case "\n", "\r\n":
                    if character == "\r\n" { column = 0 }
                    row += 1
                    if row == grid.count { grid.append([]) }
                case "\u{1B}":
                    guard index < text.count, text[index] == "[" else { continue }
                    index += 1
                    var parameter = ""
                    while index < text.count, let ascii = text[index].asciiValue,
                        !(0x40...0x7E).contains(ascii)
                    {
                        parameter.append(text[index])
                        index += 1
                    }
                    guard index < text.count else { break }
                    let final = text[index]
                    index += 1
                    let count = Int(parameter) ?? 1
                    switch final {
                    case "K": if column < grid[row].count { grid[row].removeSubrange(column...) }
                    case "C": column += count
                    case "D": column = max(0, column - count)
                    default: break
                    }
                default:
                    while grid[row].count < column { grid[row].append(" ") }
                    if column < grid[row].count {
                        grid[row][column] = character
                    } else {
                        grid[row].append(character)
                    }
                    column += 1
                }
            }
            rows = grid.map { String($0) }
        }
    }
#endif
