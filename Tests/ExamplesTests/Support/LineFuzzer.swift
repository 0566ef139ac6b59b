import TestSupport

/// Random input lines for a feature's line protocol, from a seeded generator: command
/// names with random arguments (numbers, huge numbers, words, Unicode, control
/// characters, random bytes decoded as UTF-8), near-miss names, meta-commands, comments
/// and white space. Never `:wait` (it would wait for a clock nobody moves) nor `:quit`,
/// and never a newline, which no line read from input contains.
struct LineFuzzer {
    private var random: SplitMix64
    private let names: [String]

    init(seed: UInt64, names: [String]) {
        random = SplitMix64(seed: seed)
        self.names = names
    }

    static let metaCommands = [":help", ":state", ":tasks", ":frob", ":", "::help", ":state now", ":HELP"]
    static let words = ["ap", "apple", "x", "Select", "refresh", "tick", "start", "query", "--settle", "#"]
    static let unicode = [
        "äpfel", "日本語", "🙂👍🏽", "e\u{301}", "\u{00A0}", "\u{2028}", "\u{202E}olleh", "\u{FEFF}", "\u{3000}",
        "\u{FFFD}", "ﬁ", "İ",
    ]
    static let controls = [
        "\u{1B}[2J", "\u{7F}", "\0", "\t", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{07}", "\u{1F}",
    ]
    static let padding = ["", "", " ", "\t", "  \t ", "\r", "\u{3000}", "\u{0B}"]

    /// The next `count` lines.
    mutating func lines(_ count: Int) -> [String] {
        (0..<count).map { _ in line() }
    }

    /// The next line.
    mutating func line() -> String {
        while true {
            let line = pick(Self.padding) + body() + pick(Self.padding)
            let trimmed = line.unicodeScalars.filter { !$0.properties.isWhitespace }
            let text = String(String.UnicodeScalarView(trimmed))
            if text != ":wait" && text != ":quit" { return line }
        }
    }

    private mutating func body() -> String {
        switch below(20) {
        case 0..<9: return pick(names) + arguments()
        case 9, 10: return pick(Self.metaCommands)
        case 11: return "#" + argument()
        case 12: return pick(names).uppercased() + arguments()
        case 13: return pick(names) + argument()
        case 14, 15: return argument() + arguments()
        case 16: return randomText()
        default: return ""
        }
    }

    /// No argument most of the time, else one or two, each after white space.
    private mutating func arguments() -> String {
        switch below(4) {
        case 0, 1: return ""
        case 2: return pick([" ", "  ", "\t", "\u{3000}"]) + argument()
        default: return " " + argument() + pick([" ", "\t"]) + argument()
        }
    }

    private mutating func argument() -> String {
        switch below(12) {
        case 0, 1: return String(Int.random(in: -20...20, using: &random))
        case 2: return String(Int.random(in: Int.min...Int.max, using: &random))
        case 3:
            return pick([
                String(Int.max), String(Int.min), "99999999999999999999999", "-0", "+7", "1e3", "0x10", "3.5",
            ])
        case 4, 5: return pick(Self.words)
        case 6: return pick(Self.unicode)
        case 7: return pick(Self.controls) + pick(Self.words)
        case 8: return randomText()
        case 9: return String(repeating: pick(Self.words), count: Int.random(in: 1...50, using: &random))
        default: return ""
        }
    }

    /// Up to 24 random bytes, newlines left out, decoded as UTF-8 (invalid sequences
    /// become U+FFFD, as standard input decodes them).
    private mutating func randomText() -> String {
        let count = Int.random(in: 1...24, using: &random)
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != 0x0A }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func pick(_ choices: [String]) -> String {
        choices[below(choices.count)]
    }

    /// A random number in `0..<bound`.
    private mutating func below(_ bound: Int) -> Int {
        Int(random.next(upperBound: UInt64(bound)))
    }
}
