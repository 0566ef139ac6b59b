import EffectEngineShared

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A person's terminal while a line host reads it: the terminal in raw mode, a prompt,
/// the line being typed drawn after it (``LineEditor``), and everything the program
/// writes, from any thread, drawn above that line.
///
/// Each write clears the line being typed, writes its text, and draws the prompt and the
/// line again, under one lock with the keys, so a task's rendering never lands in the
/// middle of what is being typed. A line longer than the terminal is wide scrolls
/// sideways to keep the cursor in sight, so the drawn line never wraps.
///
/// While a session is ``current``, ``LineOutput/standard`` writes through it. The
/// terminal's own settings are put back by ``end()``, and at `exit` if the process ends
/// first (a second Control-C).
final class TerminalSession: Sendable {
    /// What the reader does after a read.
    enum Input: Equatable {
        /// A line was submitted.
        case line(String)
        /// Control-D on an empty line.
        case endOfInput
        /// Control-C.
        case interrupt
    }

    private struct Screen: Sendable {
        var editor = LineEditor()
        var decoder = TerminalKeyDecoder()
        /// The first character shown, when the line is too long for the terminal.
        var scroll = 0
        var hasEnded = false
    }

    let prompt: String
    private let screen = Locked(Screen())
    private let input: Int32
    private let output: Int32

    /// The session standard output writes through, if one runs.
    static var current: TerminalSession? { active.withLock { $0 } }
    private static let active = Locked<TerminalSession?>(nil)
    /// The settings to put back: at ``end()``, or at `exit`.
    private static let saved = Locked<termios?>(nil)

    private init(prompt: String, input: Int32, output: Int32) {
        self.prompt = prompt
        self.input = input
        self.output = output
    }

    /// Starts a session on standard input and output when both are a terminal (and the
    /// terminal is not `dumb`), and makes it ``current``; `nil` otherwise, or when the
    /// terminal refuses raw mode.
    ///
    /// - Parameter prompt: What starts the line being typed.
    static func start(prompt: String = "> ") -> TerminalSession? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        var raw = settings
        // No line buffering, no echo, no signals from keys (Control-C is read as a key),
        // no flow control, Return read as it is; output processing kept, so "\n" still
        // starts a new line.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        saved.withLock { $0 = settings }
        registerRestoreAtExit
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            saved.withLock { $0 = nil }
            return nil
        }
        let session = TerminalSession(prompt: prompt, input: STDIN_FILENO, output: STDOUT_FILENO)
        active.withLock { $0 = session }
        session.screen.withLock { session.draw($0) }
        return session
    }

    /// Clears the line being typed and puts the terminal's settings back; writes go
    /// straight to the terminal again.
    func end() {
        screen.withLock { screen in
            guard !screen.hasEnded else { return }
            screen.hasEnded = true
            Self.active.withLock { $0 = nil }
            _ = FileDescriptor.writeAll("\r\u{1B}[K", to: output)
            Self.restore()
        }
    }

    /// Writes `text` above the line being typed: the line is cleared, the text written,
    /// and the prompt and the line drawn again.
    ///
    /// - Returns: `false` when the descriptor is closed.
    func write(_ text: String, to descriptor: Int32) -> Bool {
        screen.withLock { screen in
            guard !screen.hasEnded else { return FileDescriptor.writeAll(text, to: descriptor) }
            _ = FileDescriptor.writeAll("\r\u{1B}[K", to: output)
            let written = FileDescriptor.writeAll(text, to: descriptor)
            draw(screen)
            return written
        }
    }

    /// Takes the bytes of one read: edits the line, draws it, and returns what was
    /// submitted or asked for, in order.
    func received(_ bytes: some Sequence<UInt8>) -> [Input] {
        screen.withLock { screen in
            guard !screen.hasEnded else { return [] }
            var inputs: [Input] = []
            for key in screen.decoder.keys(in: bytes) {
                switch screen.editor.pressed(key) {
                case .edited:
                    continue
                case .submitted(let line):
                    // The line stays on the screen as typed, whole; a new one begins below.
                    screen.scroll = 0
                    _ = FileDescriptor.writeAll(
                        "\r\u{1B}[K" + prompt + ControlText.escaped(line) + "\n", to: output)
                    inputs.append(.line(line))
                case .endOfInput:
                    inputs.append(.endOfInput)
                case .interrupted:
                    _ = FileDescriptor.writeAll("^C\n", to: output)
                    inputs.append(.interrupt)
                }
            }
            draw(&screen)
            return inputs
        }
    }

    /// Draws the prompt and the part of the line that fits, the cursor where it is.
    private func draw(_ screen: Screen) {
        var screen = screen
        draw(&screen)
    }

    private func draw(_ screen: inout Screen) {
        let characters = screen.editor.characters
        let cursor = screen.editor.cursor
        let promptWidth = prompt.count
        let room = max(1, Self.columns(of: output) - promptWidth - 1)
        let widths = characters.map(Self.width)
        // Sideways: the whole line when it fits, else a window holding the cursor.
        if widths.reduce(0, +) <= room {
            screen.scroll = 0
        } else {
            screen.scroll = min(screen.scroll, cursor)
            while widths[screen.scroll..<cursor].reduce(0, +) > room { screen.scroll += 1 }
        }
        var shown = ""
        var used = 0
        var cursorColumn = promptWidth
        for index in screen.scroll..<characters.count {
            guard used + widths[index] <= room else { break }
            if index < cursor { cursorColumn += widths[index] }
            used += widths[index]
            shown.append(characters[index])
        }
        var text = "\r" + prompt + ControlText.escaped(shown) + "\u{1B}[K\r"
        if cursorColumn > 0 { text += "\u{1B}[\(cursorColumn)C" }
        _ = FileDescriptor.writeAll(text, to: output)
    }

    /// The columns a character takes: two for the wide characters of East Asian scripts
    /// and most emoji, one for the rest.
    private static func width(_ character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 1 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The terminal's width, 80 when it does not say.
    private static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Puts the saved settings back, once.
    private static func restore() {
        guard
            var settings = saved.withLock({ settings in
                defer { settings = nil }; return settings
            })
        else {
            return
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// Registers, once, the handler that puts the terminal back when the process exits
    /// with a session running.
    private static let registerRestoreAtExit: Void = {
        atexit { TerminalSession.restore() }
    }()
}
