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

    /// Two long lists that share nothing are not compared pair by pair (100,000 lines each
    /// would take 10^10 cells): past the limit, the middle is shown removed, then added.
    @Test func aMiddleTooBigToCompareIsRemovedThenAdded() {
        let expected = ["same"] + (0..<2_500).map { "old \($0)" } + ["end"]
        let actual = ["same"] + (0..<2_500).map { "new \($0)" } + ["end"]
        #expect(2_500 * 2_500 > UnifiedDiff.tableLimit)
        let diff = UnifiedDiff.text(expected: expected, actual: actual, expectedName: "a", actualName: "b")
        let lines = diff.split(separator: "\n")
        #expect(lines.count == 5_005)
        #expect(lines[2] == "@@ -1,2502 +1,2502 @@")
        #expect(lines[3] == " same" && lines[4] == "-old 0" && lines[2_504] == "+new 0" && lines[5_004] == " end")
    }

    @Test func controlCharactersAreShownEscaped() {
        let diff = UnifiedDiff.text(
            expected: ["a\u{1B}[2J"], actual: ["b\u{0}"], expectedName: "x\u{7}", actualName: "y")
        #expect(diff == "--- x\\u{7}\n+++ y\n@@ -1,1 +1,1 @@\n-a\\u{1B}[2J\n+b\\u{0}\n")
    }
}
