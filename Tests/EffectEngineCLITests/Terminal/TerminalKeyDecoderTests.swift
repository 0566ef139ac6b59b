import Testing

@testable import EffectEngineCLI

@Suite struct TerminalKeyDecoderTests {
    func keys(_ bytes: [UInt8]) -> [TerminalKey] {
        var decoder = TerminalKeyDecoder()
        return decoder.keys(in: bytes)
    }

    @Test func textControlsAndSequences() {
        #expect(keys(Array("ab\u{1B}[D\r".utf8)) == [.text("ab"), .left, .enter])
        #expect(
            keys(
                Array(
                    "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[3~"
                        .utf8))
                == [.up, .down, .right, .left, .home, .end, .home, .end, .home, .end, .delete])
        #expect(
            keys([0x01, 0x05, 0x02, 0x06, 0x10, 0x0E, 0x04, 0x03, 0x15, 0x0B, 0x17, 0x0C, 0x7F, 0x08])
                == [
                    .home, .end, .left, .right, .up, .down, .endOfInput, .interrupt, .deleteToStart,
                    .deleteToEnd,
                    .deleteWord, .redraw, .backspace, .backspace,
                ])
    }

    /// Unknown sequences, Alt and a key, and other control characters type nothing.
    @Test func whatIsNotAKeyTypesNothing() {
        #expect(
            keys(Array("a\u{1B}[15~b\u{1B}xc\u{7}\u{0}d".utf8)) == [
                .text("a"), .text("b"), .text("c"), .text("d"),
            ])
    }

    @Test func carriageReturnAndNewlineAreOneEnter() {
        #expect(
            keys(Array("a\r\nb\nc\r".utf8)) == [.text("a"), .enter, .text("b"), .enter, .text("c"), .enter])
    }

    /// A sequence or a character split across reads waits for its end.
    @Test func splitAcrossReads() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.keys(in: [0x1B]) == [])
        #expect(decoder.keys(in: Array("[".utf8)) == [])
        #expect(decoder.keys(in: Array("Dé".utf8).dropLast()) == [.left])
        #expect(decoder.keys(in: [0xA9]) == [.text("é")])
        #expect(decoder.keys(in: [0xFF, 0x61]) == [.text("\u{FFFD}a")])
    }
}
