import Foundation
import Testing

/// Every option of a line program that takes a path, fed a generated set of names a user
/// might type, by mistake or on purpose, to the built programs: no crash, and either the
/// run goes on as it does with a plain name, or it is refused before any work with one
/// clear `error:` line naming the option and status 64 or 73.
///
/// `counter --state a` used to die of SIGILL (status 132): Foundation's
/// `NSString.deletingLastPathComponent` traps on a one-character name.
///
/// The options are tried one at a time, each name in turn: some two hundred short runs,
/// which in parallel would crowd the other suites off a small machine.
@Suite(.serialized) struct PathFuzzTests {
    /// An option that takes a path, as the program is run with it.
    struct Context: Sendable, CustomStringConvertible {
        var program: String
        /// The arguments before the path; the last is the option.
        var arguments: [String]
        var input = "tick\n"
        /// The options of a run that writes the plain name's file first, for an option
        /// that reads one.
        var setup: [String]? = nil

        var option: String { arguments.last! }
        var description: String { ([program] + arguments).joined(separator: " ") }
    }

    static let contexts: [Context] = [
        Context(program: "counter", arguments: ["--state"]),
        Context(program: "counter", arguments: ["--record"]),
        Context(program: "counter", arguments: ["--report"]),
        Context(program: "counter", arguments: ["--write-transcript"]),
        Context(program: "counter", arguments: ["--replay"], setup: ["--record"]),
        Context(program: "counter", arguments: ["--check"], setup: ["--write-transcript"]),
        Context(program: "counter", arguments: ["--explore", "--depth", "2", "--dot"]),
        Context(program: "counter", arguments: ["--explore", "--depth", "2", "--mermaid"]),
        Context(program: "counter", arguments: ["--explore", "--depth", "2", "--html"]),
        Context(program: "counter", arguments: ["--simulate", "5", "--steps", "5", "--journal"]),
        Context(program: "todos", arguments: ["--test-plan", "--plan-depth", "1", "--transcript"]),
    ]

    /// The names: each is typed in a fresh folder holding a folder `dir`, a regular file
    /// `file` and a folder `ro` that only root may write in. A name given as `printf`
    /// octal escapes is made of bytes that are not UTF-8.
    static let names: [String] = [
        "a", "é", "", ".", "..", "/", "dir", "dir/", "new/", "a//", "file/x", "missing/x", "ro/x",
        "/proc/no-such-folder/x", String(repeating: "n", count: 300),
        String(repeating: "d/", count: 3000) + "x",
    ]
    static let bytesNotUTF8 = #"f\377\376"#
    /// A name any program takes.
    static let plainName = "plain.out"

    @Test(arguments: contexts)
    func everyPathOptionSurvivesEveryName(_ context: Context) async throws {
        let baseline = try #require(try await run(context, name: Self.plainName))
        #expect(baseline.signal == nil && baseline.standardError.isEmpty, "\(context): \(baseline)")
        for name in Self.names {
            let run = try #require(try await run(context, name: name), "\(context) '\(name)' did not end")
            expect(run, of: context, named: name, accepted: baseline.status)
        }
        let raw = try #require(try await run(context, bytes: Self.bytesNotUTF8))
        expect(raw, of: context, named: Self.bytesNotUTF8, accepted: baseline.status)
    }

    /// The run either went as the plain name's did, or was refused before any work.
    private func expect(
        _ run: ExampleProcess.Finished, of context: Context, named name: String, accepted: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let shown = "\(context) '\(name.prefix(40))': \(run)"
        #expect(run.signal == nil, "crashed: \(shown)", sourceLocation: sourceLocation)
        for sign in ["Fatal error", "Backtrace", "Illegal instruction", "Segmentation"] {
            #expect(!run.standardError.contains(sign), "\(shown)", sourceLocation: sourceLocation)
        }
        let refused = run.standardError.contains("error:")
        guard refused else {
            // Accepted: as the plain name went, with nothing said (no warning of a save
            // that failed, say).
            #expect(
                run.status == accepted && run.standardError.isEmpty, "\(shown)",
                sourceLocation: sourceLocation)
            return
        }
        let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect([64, 73].contains(run.status), "\(shown)", sourceLocation: sourceLocation)
        #expect(
            run.standardOutput.isEmpty, "work was done before the refusal: \(shown)",
            sourceLocation: sourceLocation)
        #expect(lines.count == 1, "\(shown)", sourceLocation: sourceLocation)
        let option = context.option
        #expect(
            lines.first?.hasPrefix("error: \(option):") == true
                || lines.first?.hasPrefix("error: '\(option)' needs <file>") == true,
            "the error does not name \(option): \(shown)", sourceLocation: sourceLocation)
        #expect(
            !run.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
            "\(shown)", sourceLocation: sourceLocation)
    }

    private func run(_ context: Context, name: String) async throws -> ExampleProcess.Finished? {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        if let setup = context.setup, name == Self.plainName {
            let written = try await ExampleProcess.run(
                context.program, arguments: setup + [name], input: Data(context.input.utf8), in: folder)
            #expect(written?.status == 0, "\(String(describing: written))")
        }
        return try await ExampleProcess.run(
            context.program, arguments: context.arguments + [name], input: Data(context.input.utf8),
            in: folder)
    }

    /// Runs with a name of bytes that are not UTF-8, which a `String` cannot hold: a shell
    /// makes them with `printf` and hands them to the program.
    private func run(_ context: Context, bytes: String) async throws -> ExampleProcess.Finished? {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let program = ExampleProcess.productsDirectory.appendingPathComponent(context.program).path
        let example = try ExampleProcess(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", #"exec "$0" "$@" "$(printf '\#(bytes)')""#, program] + context.arguments,
            in: folder)
        example.write(context.input)
        example.closeInput()
        return await example.finished()
    }

    /// A fresh folder with a folder, a file and a read-only folder in it.
    private static func folder() throws -> URL {
        let files = FileManager.default
        let folder = files.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        try files.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent("ro"), withIntermediateDirectories: true)
        try Data("a file\n".utf8).write(to: folder.appendingPathComponent("file"))
        try files.setAttributes(
            [.posixPermissions: 0o555], ofItemAtPath: folder.appendingPathComponent("ro").path)
        return folder
    }

    private static func remove(_ folder: URL) {
        _ = try? FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("ro").path)
        try? FileManager.default.removeItem(at: folder)
    }
}
