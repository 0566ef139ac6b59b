import Testing

@testable import EffectEngineCLI

@Suite struct UnifiedDiffTests {
    @Test func aChangeInTheMiddleIsOneHunkWithItsContext() {
        let expected = (1...10).map { "line \($0)" }
        var actual = expected
        actual[4] = "line five"
        let diff = UnifiedDiff.text(expected: expected, actual: actual, expectedName: "a", actualName: "b")
        #expect(
            diff == """
                --- a
                +++ b
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    /// Two long lists that share nothing are not compared pair by pair (which would take
    /// 10^10 cells): the middle is shown removed, then added.
    @Test func aMiddleTooBigToCompareIsRemovedThenAdded() {
        let expected = (0..<100_000).map { "old \($0)" }
        let actual = (0..<100_000).map { "new \($0)" }
        let diff = UnifiedDiff.text(expected: expected, actual: actual, expectedName: "a", actualName: "b")
        let lines = diff.split(separator: "\n")
        #expect(lines.count == 200_003)
        #expect(lines[2] == "@@ -1,100000 +1,100000 @@")
        #expect(lines[3] == "-old 0" && lines[100_003] == "+new 0")
    }

    @Test func controlCharactersAreShownEscaped() {
        let diff = UnifiedDiff.text(
            expected: ["a\u{1B}[2J"], actual: ["b\u{0}"], expectedName: "x\u{7}", actualName: "y")
        #expect(diff == "--- x\\u{7}\n+++ y\n@@ -1,1 +1,1 @@\n-a\\u{1B}[2J\n+b\\u{0}\n")
    }
}
