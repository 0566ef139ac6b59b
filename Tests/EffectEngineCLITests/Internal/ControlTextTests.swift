import TestSupport
import Testing

@testable import EffectEngineCLI

@Suite struct ControlTextTests {
    @Test func controlCharactersAreEscapedNewlinesAndTabsKept() {
        #expect(ControlText.escaped("query \u{1B}[2J") == #"query \u{1B}[2J"#)
        #expect(ControlText.escaped("a\nb\tc") == "a\nb\tc")
        #expect(ControlText.escaped("\u{0}\u{7}\u{8}\r\u{7F}\u{9B}") == #"\u{0}\u{7}\u{8}\u{D}\u{7F}\u{9B}"#)
        // Not controls: accents, the no-break space, emoji joined by a zero-width joiner.
        let plain = "café \u{A0} 👩‍👩‍👧 Ünïcödé"
        #expect(ControlText.escaped(plain) == plain)
    }

    @Test func aLineIsEscapedWholeAndReadBack() {
        let typed = "query \u{1B}[2J\u{0}\tx\n"
        let written = ControlText.escapedLine(typed)
        #expect(written == #"query \u{1B}[2J\u{0}\u{9}x\u{A}"#)
        #expect(ControlText.unescapedLine(written) == typed)
        // What stands for no control character stays as written.
        #expect(
            ControlText.unescapedLine(#"\u{41} \u{} \u{1B \u{110000} \u{"#)
                == #"\u{41} \u{} \u{1B \u{110000} \u{"#)
    }

    /// Every line of random scalars, controls included, reads back as it was written.
    @Test func escapedLinesRoundTrip() {
        var generator = SplitMix64(seed: 7)
        let pool: [Unicode.Scalar] = [
            "a", "\\", "u", "{", "}", "1", "B", "\u{1B}", "\u{0}", "\u{9B}", "é", "\t",
        ]
        for _ in 0..<2_000 {
            var line = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                line.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            // A literal `\u{1B}` typed as text reads back as the character: the one
            // ambiguity, which a person does not type.
            guard !line.contains("\\u{") else { continue }
            #expect(ControlText.unescapedLine(ControlText.escapedLine(line)) == line)
        }
    }
}
