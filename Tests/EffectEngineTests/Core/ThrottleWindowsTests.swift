import Testing

@testable import EffectEngine

@Suite("ThrottleWindows: when a throttled issue runs")
struct ThrottleWindowsTests {
    static func ms(_ value: Int) -> Duration { .milliseconds(value) }

    @Test func theFirstIssueLeadsAndTheWindowDropsTheRest() {
        var windows = ThrottleWindows()
        #expect(windows.isEmpty)
        #expect(windows.issued("t", at: Self.ms(0), window: Self.ms(100), latest: false) == Self.ms(0))
        #expect(!windows.isEmpty)
        #expect(windows.issued("t", at: Self.ms(99), window: Self.ms(100), latest: false) == nil)
        #expect(windows.issued("t", at: Self.ms(100), window: Self.ms(100), latest: false) == Self.ms(100))
    }

    @Test func withLatestTheLastIssueRunsAtTheWindowsEnd() {
        var windows = ThrottleWindows()
        #expect(windows.issued("t", at: Self.ms(0), window: Self.ms(100), latest: true) == Self.ms(0))
        #expect(windows.issued("t", at: Self.ms(10), window: Self.ms(100), latest: true) == Self.ms(100))
        #expect(windows.issued("t", at: Self.ms(20), window: Self.ms(100), latest: true) == Self.ms(100))
        // After the trailing run at 100, its window runs to 200.
        #expect(windows.issued("t", at: Self.ms(150), window: Self.ms(100), latest: true) == Self.ms(200))
        #expect(windows.issued("t", at: Self.ms(300), window: Self.ms(100), latest: true) == Self.ms(300))
    }

    @Test func namesHaveWindowsOfTheirOwn() {
        var windows = ThrottleWindows()
        #expect(windows.issued("a", at: .zero, window: Self.ms(100), latest: false) == .zero)
        #expect(windows.issued("b", at: Self.ms(1), window: Self.ms(100), latest: false) == Self.ms(1))
        windows.forget("a")
        #expect(windows.issued("a", at: Self.ms(2), window: Self.ms(100), latest: false) == Self.ms(2))
        #expect(windows.issued("b", at: Self.ms(3), window: Self.ms(100), latest: false) == nil)
    }

    @Test func endedWindowsAreSweptOut() {
        var windows = ThrottleWindows()
        for index in 0..<10_000 {
            _ = windows.issued("row-\(index)", at: Self.ms(index * 10), window: Self.ms(10), latest: false)
        }
        // Every window but the last has ended: the sweeps keep the table small.
        #expect(windows.count < 130)
        #expect(windows.issued("row-9999", at: Self.ms(99_995), window: Self.ms(10), latest: false) == nil)
    }
}
