import EffectEnginePersistence
import Foundation
import Testing

struct Note: Codable, Sendable, Equatable {
    var count = 0
    var title = ""
}

/// A folder of its own for each test, removed at the end.
final class Scratch {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "statefile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try? FileManager.default.removeItem(atPath: folder)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
    }

    func read(_ name: String) throws -> String {
        try String(decoding: Data(contentsOf: URL(fileURLWithPath: path(name))), as: UTF8.self)
    }

    var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? [] }
}

@Suite struct StateFileTests {
    @Test func savedStateLoadsBackAndNoFileLoadsNil() throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        #expect(try file.load() == nil)
        try file.save(Note(count: 3, title: "hi"))
        #expect(try file.load() == Note(count: 3, title: "hi"))
        try file.save(Note(count: 4))
        #expect(try file.load() == Note(count: 4))
        #expect(scratch.names == ["note.json"])
        #expect(try scratch.read("note.json") == #"{"format":1,"state":{"count":4,"title":""},"version":1}"#)
    }

    @Test func anOlderVersionIsMigrated() throws {
        let scratch = try Scratch()
        try scratch.write(#"{"format":1,"version":1,"state":{"total":7}}"#, to: "note.json")
        let file = StateFile<Note>(path: scratch.path("note.json"), version: 2) { version, data in
            #expect(version == 1)
            let old = try JSONDecoder().decode([String: Int].self, from: data)
            return Note(count: old["total"] ?? 0, title: "migrated")
        }
        #expect(try file.load() == Note(count: 7, title: "migrated"))
    }

    @Test func anOlderVersionWithNoMigrationIsRefusedAndLeftAlone() throws {
        let scratch = try Scratch()
        let old = #"{"format":1,"version":1,"state":{"total":7}}"#
        try scratch.write(old, to: "note.json")
        let error = #expect(throws: StateFileError.self) {
            try StateFile<Note>(path: scratch.path("note.json"), version: 2).load()
        }
        #expect(error?.kind == .migrationFailed)
        #expect(error?.description.contains("no migration was given") == true)
        #expect(try scratch.read("note.json") == old)

        struct Unknown: Error {}
        let failing = #expect(throws: StateFileError.self) {
            try StateFile<Note>(path: scratch.path("note.json"), version: 2) { _, _ in throw Unknown() }.load()
        }
        #expect(failing?.kind == .migrationFailed)
        #expect(try scratch.read("note.json") == old)
    }

    @Test(arguments: [
        (#"{"format":1,"version":3,"state":{"count":1,"title":""}}"#, "state version 3; this program knows up to version 2"),
        (#"{"format":2,"version":1,"state":{}}"#, "envelope format 2; this program reads format 1"),
    ])
    func aNewerFileIsRefusedAndLeftUntouched(contents: String, reason: String) throws {
        let scratch = try Scratch()
        try scratch.write(contents, to: "note.json")
        let file = StateFile<Note>(path: scratch.path("note.json"), version: 2) { _, _ in Note() }
        let error = #expect(throws: StateFileError.self) { try file.load() }
        #expect(error?.kind == .newerVersion)
        #expect(error?.reason == reason)
        #expect(error?.description.hasSuffix("it is left untouched") == true)
        #expect(try scratch.read("note.json") == contents)
        #expect(scratch.names == ["note.json"])
    }

    @Test(arguments: [
        ("", "the data is not valid JSON"),
        (#"{"format":1,"version":1,"state":{"count":"#, "the data is not valid JSON"),
        ("count: 3", "the data is not valid JSON"),
        (#"{"format":1,"version":1,"state":{"count":"three","title":""}}"#, "state.count is not an Int"),
        (#"{"format":1,"version":1,"state":{"title":""}}"#, "no value for state.count"),
        (#"{"version":1}"#, "no value for format"),
        (#"[1, 2]"#, "the top level is not a Dictionary<String, Any>"),
    ])
    func anUndecodableFileIsMovedAsideNeverOverwritten(contents: String, reason: String) throws {
        let scratch = try Scratch()
        try scratch.write(contents, to: "note.json")
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let error = #expect(throws: StateFileError.self) { try file.load() }
        #expect(error?.kind == .undecodable)
        #expect(error?.reason.hasPrefix(reason) == true, "\(error?.reason ?? "")")
        let moved = try #require(error?.movedTo)
        #expect(moved.hasPrefix(scratch.path("note.json.corrupt-")))
        #expect(error?.description.hasPrefix("\(scratch.path("note.json")) is not a state file (") == true)
        #expect(error?.description.hasSuffix("; moved aside to \(moved)") == true)
        #expect(try String(decoding: Data(contentsOf: URL(fileURLWithPath: moved)), as: UTF8.self) == contents)
        // The next run starts afresh and its saves never touch the bad file.
        #expect(try file.load() == nil)
        try file.save(Note(count: 1))
        #expect(try file.load() == Note(count: 1))
        #expect(try String(decoding: Data(contentsOf: URL(fileURLWithPath: moved)), as: UTF8.self) == contents)
    }

    @Test func twoBadFilesInTheSameSecondKeepBothCopies() throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        try scratch.write("first", to: "note.json")
        let first = try #require(#expect(throws: StateFileError.self) { try file.load() }?.movedTo)
        try scratch.write("second", to: "note.json")
        let second = try #require(#expect(throws: StateFileError.self) { try file.load() }?.movedTo)
        #expect(first != second)
        #expect(scratch.names.count == 2)
    }

    @Test func aDirectoryInPlaceOfTheFileIsRefusedAndKept() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("note.json"), withIntermediateDirectories: false)
        try scratch.write("keep", to: "note.json/inside")
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let loading = #expect(throws: StateFileError.self) { try file.load() }
        #expect(loading?.kind == .notAFile)
        #expect(loading?.description == "\(scratch.path("note.json")) is not a file (it is a directory)")
        let saving = #expect(throws: StateFileError.self) { try file.save(Note()) }
        #expect(saving?.kind == .notAFile)
        #expect(try scratch.read("note.json/inside") == "keep")
        #expect(scratch.names == ["note.json"])
    }

    @Test(.enabled(if: getuid() != 0 || FileManager.default.fileExists(atPath: "/proc/self/comm")))
    func aDamagedFileInAReadOnlyFolderIsLeftInPlaceWithAClearError() throws {
        let scratch = try Scratch()
        try scratch.write("not json", to: "note.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: scratch.folder)
        // Root renames files whatever the permissions; /proc refuses renames even to root.
        let path = getuid() == 0 ? "/proc/self/comm" : scratch.path("note.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: StateFileError.self) { try StateFile<Note>(path: path).load() }
        #expect(error?.kind == .undecodable)
        #expect(error?.movedTo == nil)
        let description = error?.description ?? ""
        #expect(description.hasPrefix("\(path) is not a state file (the data is not valid JSON"))
        #expect(description.hasSuffix("); it could not be moved aside and is left in place"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(scratch.names == ["note.json"])
    }

    /// Root reads any file: the test runs for other users only.
    @Test(.enabled(if: getuid() != 0)) func anUnreadableFileIsRefusedAndKeptWhereItIs() throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        try file.save(Note(count: 2))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: scratch.path("note.json"))
        let error = #expect(throws: StateFileError.self) { try file.load() }
        #expect(error?.kind == .unreadable)
        #expect(error?.description == "\(scratch.path("note.json")) cannot be read (permission denied)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scratch.path("note.json"))
        #expect(try file.load() == Note(count: 2))
        #expect(scratch.names == ["note.json"])
    }

    @Test func loadingDeletesTheTemporaryFilesOfProcessesNoLongerRunning() throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        let dead = ".note.json.saving-\(Int32.max)-7"
        let own = ".note.json.saving-\(getpid())-999999999"
        let running = ".note.json.saving-1-1"  // init, or launchd: always running
        let unrelated = [".note.json.saving-x-1", ".other.json.saving-\(Int32.max)-1", "other.json"]
        for name in [dead, own, running] + unrelated { try scratch.write("partial", to: name) }
        #expect(try file.load() == nil)
        #expect(scratch.names == ([own, running] + unrelated).sorted())
        try file.save(Note(count: 1))
        try scratch.write("partial", to: dead)
        #expect(try file.load() == Note(count: 1))
        #expect(!scratch.names.contains(dead))
    }

    @Test func aSaveThatCannotWriteSaysWhyAndLeavesTheFileAsItWas() throws {
        let scratch = try Scratch()
        let file = StateFile<Note>(path: scratch.path("note.json"))
        try file.save(Note(count: 1))
        let before = try scratch.read("note.json")
        // A read-only folder; root ignores permissions, so it writes under a folder no
        // one can create files in instead.
        let isRoot = getuid() == 0
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: scratch.folder)
        let blocked = isRoot ? StateFile<Note>(path: "/proc/self/note.json") : file
        let error = #expect(throws: StateFileError.self) { try blocked.save(Note(count: 2)) }
        #expect(error?.kind == .writeFailed)
        #expect(error?.description.contains("could not be saved (cannot create a file in") == true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.folder)
        #expect(try scratch.read("note.json") == before)
        #expect(scratch.names == ["note.json"])
    }
}
