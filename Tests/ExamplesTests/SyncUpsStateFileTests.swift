import Foundation
import Testing

/// L13 on the built `syncups`: its state file keeps a sync-up's length as seconds a
/// person can read and edit, still loads files that kept it as `Duration`'s pair of
/// integers, and names the field and the value of what does not decode. Before, a theme
/// it did not know was "not valid JSON" and a sync-up kept twice loaded silently.
@Suite struct SyncUpsStateFileTests {
    static let id = "DE51C0FA-0000-4000-8000-000000000001"

    static func syncUp(id: String = id, duration: String = "300", theme: String = "bubblegum") -> String {
        #"{"attendees":[],"duration":\#(duration),"id":"\#(id)","meetings":[],"theme":"\#(theme)","title":"Tea"}"#
    }

    /// Runs `syncups --state` on a file holding `syncUps`, with `input`.
    static func run(
        holding syncUps: [String], input: String
    ) async throws -> (run: ExampleProcess.Finished, file: String) {
        let folder = NSTemporaryDirectory() + "syncups-state-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/syncups.json"
        let text = #"{"format":1,"state":[\#(syncUps.joined(separator: ","))],"version":1}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try #require(
            try await ExampleProcess.run("syncups", arguments: ["--settle", "--state", path], input: input))
        return (run, (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }

    @Test func aLengthIsKeptInSecondsAndTheOldFormStillLoads() async throws {
        let (run, file) = try await Self.run(
            holding: [Self.syncUp(duration: "[16,4852094820647174144]")], input: "open 1\nedit\nlength 7\ndone\n")
        #expect(run.status == 0, "\(run)")
        #expect(run.standardOutput.hasPrefix("Daily sync-ups: 1\n  1. Tea — 0 attendees, 5 min, Bubblegum\n"))
        #expect(file.contains(#""duration":420,"#), "\(file)")
    }

    @Test func aThemeItDoesNotKnowIsNamedWithItsField() async throws {
        let (run, _) = try await Self.run(holding: [Self.syncUp(theme: "plaid")], input: "")
        #expect(run.standardError.hasPrefix("warning: --state: "))
        #expect(
            run.standardError.contains(
                #"(field state[0].theme holds "plaid": not one of bubblegum, buttercup, indigo,"#), "\(run)")
        #expect(!run.standardError.contains("not valid JSON"))
    }

    @Test func aSyncUpKeptTwiceIsRefused() async throws {
        let (run, _) = try await Self.run(holding: [Self.syncUp(), Self.syncUp()], input: "")
        #expect(run.standardError.contains("(field state[1] holds {"), "\(run)")
        #expect(run.standardError.contains(": element 1 has the id \(Self.id), which element 0 has)"), "\(run)")
        #expect(run.standardOutput == "Daily sync-ups: none — type add\n")
    }

    /// Item 9: on virtual time, a second run's ids count on after the kept ones. Before,
    /// they started at 0 again: the new sync-up took the first one's id, and opening it
    /// opened the first.
    @Test func idsOnVirtualTimeCountOnAfterTheKeptOnes() async throws {
        let folder = NSTemporaryDirectory() + "syncups-ids-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["--settle", "--virtual-time", "--state", folder + "/syncups.json"]
        let first = try #require(
            try await ExampleProcess.run("syncups", arguments: arguments, input: "add\ntitle Tea\nsave\n"))
        #expect(first.status == 0, "\(first)")
        let second = try #require(
            try await ExampleProcess.run(
                "syncups", arguments: arguments, input: "add\ntitle Urn\nsave\nopen 2\n"))
        #expect(second.status == 0, "\(second)")
        #expect(second.standardOutput.hasSuffix("Urn — 5 min, Bubblegum\n  attendees: (no name)\n"), "\(second)")
        let third = try #require(try await ExampleProcess.run("syncups", arguments: arguments, input: ""))
        #expect(third.standardError.isEmpty, "\(third)")
        #expect(third.standardOutput.hasPrefix("Daily sync-ups: 2\n"), "\(third)")
    }
}
