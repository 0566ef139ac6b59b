import Testing

@testable import EffectEngineShared

private struct Address: Equatable {
    var city: String
    var zip: String?
}

private enum Phase: Equatable {
    case idle
    case loading(page: Int)
    case failed(message: String, code: Int)
}

private struct Profile: Equatable {
    var name = "Ann"
    var address = Address(city: "Paris", zip: nil)
    var phase = Phase.idle
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var roles: Set<String> = []
    var nickname: String?
}

private final class Box {
    let value: Int
    init(value: Int) { self.value = value }
}

@Suite("State diffs")
struct StateDiffTests {
    typealias Difference = StateDiff.Difference

    @Test func equalValuesHaveNoDifference() {
        #expect(StateDiff.differences(expected: Profile(), actual: Profile()).isEmpty)
        #expect(StateDiff.report(expected: Profile(), actual: Profile()) == nil)
    }

    @Test func nestedStructsAreComparedFieldByField() {
        var actual = Profile()
        actual.address.city = "Lyon"
        actual.name = "Bob"
        #expect(
            StateDiff.differences(expected: Profile(), actual: actual) == [
                Difference(path: ".name", expected: "\"Ann\"", actual: "\"Bob\""),
                Difference(path: ".address.city", expected: "\"Paris\"", actual: "\"Lyon\""),
            ])
    }

    @Test func optionalsCompareThroughTheWrappedValue() {
        var expected = Profile()
        expected.address.zip = "69001"
        var actual = Profile()
        actual.address.zip = "69002"
        actual.nickname = "Bo"
        #expect(
            StateDiff.differences(expected: expected, actual: actual) == [
                Difference(path: ".address.zip", expected: "\"69001\"", actual: "\"69002\""),
                Difference(path: ".nickname", expected: "nil", actual: "\"Bo\""),
            ])
    }

    @Test func enumsCompareCaseThenPayload() {
        var expected = Profile()
        expected.phase = .failed(message: "offline", code: 1)
        var actual = Profile()
        actual.phase = .failed(message: "timeout", code: 1)
        #expect(
            StateDiff.differences(expected: expected, actual: actual) == [
                Difference(path: ".phase(.failed).message", expected: "\"offline\"", actual: "\"timeout\"")
            ])
        actual.phase = .loading(page: 2)
        #expect(
            StateDiff.differences(expected: expected, actual: actual) == [
                Difference(
                    path: ".phase", expected: ".failed(message: \"offline\", code: 1)",
                    actual: ".loading(page: 2)")
            ])
        #expect(
            StateDiff.differences(expected: Phase.idle, actual: Phase.loading(page: 1)) == [
                Difference(path: "", expected: ".idle", actual: ".loading(page: 1)")
            ])
    }

    @Test func arraysCompareIndexByIndex() {
        var expected = Profile()
        expected.tags = ["a", "b", "c"]
        var actual = Profile()
        actual.tags = ["a", "x"]
        #expect(
            StateDiff.differences(expected: expected, actual: actual) == [
                Difference(path: ".tags[1]", expected: "\"b\"", actual: "\"x\""),
                Difference(path: ".tags[2]", expected: "\"c\"", actual: "(none)"),
            ])
    }

    @Test func dictionariesCompareKeyByKey() {
        var expected = Profile()
        expected.scores = ["ann": 1, "bob": 2]
        var actual = Profile()
        actual.scores = ["ann": 1, "bob": 3, "cy": 4]
        #expect(
            StateDiff.differences(expected: expected, actual: actual) == [
                Difference(path: ".scores[\"bob\"]", expected: "2", actual: "3"),
                Difference(path: ".scores[\"cy\"]", expected: "(none)", actual: "4"),
            ])
    }

    @Test func setsCompareElementByElement() {
        var expected = Profile()
        expected.roles = ["admin", "editor", "viewer"]
        var actual = Profile()
        actual.roles = ["viewer", "owner"]
        #expect(
            StateDiff.differences(expected: expected, actual: actual) == [
                Difference(
                    path: ".roles", expected: "contains \"admin\", \"editor\"", actual: "contains \"owner\"")
            ])
    }

    @Test func classesWithoutVisibleDifferenceReportTheWholeValue() {
        let found = StateDiff.differences(expected: Box(value: 1), actual: Box(value: 2))
        #expect(found == [Difference(path: ".value", expected: "1", actual: "2")])
    }

    @Test func renderingIsOneReadableLine() {
        #expect(StateDiff.render(Address(city: "Paris", zip: nil)) == "Address(city: \"Paris\", zip: nil)")
        #expect(StateDiff.render(Phase.loading(page: 3)) == ".loading(page: 3)")
        #expect(StateDiff.render(["b": 2, "a": 1]) == "[\"a\": 1, \"b\": 2]")
        #expect(StateDiff.render([String: Int]()) == "[:]")
        #expect(StateDiff.render(Set([3, 1, 2])) == "Set([1, 2, 3])")
        #expect(StateDiff.render((1, label: "x")) == "(1, label: \"x\")")
    }

    @Test func reportListsPathsWithExpectedThenActual() {
        var actual = Profile()
        actual.name = "Bob"
        #expect(
            StateDiff.report(expected: Profile(), actual: actual) == "  .name\n    − \"Ann\"\n    + \"Bob\"")
    }
}
