import Testing

@Suite(.serialized) struct VoiceMemosExampleTests {
    static func block(_ lines: String...) -> String { lines.joined(separator: "\n") + "\n" }

    /// A memo recorded for the two seconds `--settle` waits on virtual time, named, played
    /// to its end and deleted, with the scripted recorder and player: the same output on
    /// every run.
    @Test func recordPlayAndDeleteAMemo() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "voicememos", arguments: ["--settle", "--virtual-time", "--wait-limit", "2s"],
                input: "record\nstop\ntitle 1 Standup\nplay 1\ndelete 1\n"))
        #expect(run.status == 0)
        #expect(
            run.standardError
                == "warning: --settle gave up after 2.0 seconds of virtual time on recordButtonTapped: task "
                + "\"recordingMemo/recording\" #2 still running (--wait-limit sets the bound)\n")
        // One-line renderings follow each other; a rendering of several lines is set apart.
        let expected = [
            Self.block(
                "voice memos: none — type record", "recording: 0:00 — type stop", "recording: 0:01 — type stop",
                "recording: 0:02 — type stop", "saving the recording…"),
            Self.block("voice memos: 1", "  1. (untitled) — 0:02"),
            Self.block("voice memos: 1", "  1. Standup — 0:02"),
            Self.block("voice memos: 1", "  1. Standup — 0:02 ▶ 0%"),
            Self.block("voice memos: 1", "  1. Standup — 0:02 ▶ 25%"),
            Self.block("voice memos: 1", "  1. Standup — 0:02 ▶ 50%"),
            Self.block("voice memos: 1", "  1. Standup — 0:02 ▶ 75%"),
            Self.block("voice memos: 1", "  1. Standup — 0:02"),
            "voice memos: none — type record\n",
        ]
        #expect(run.standardOutput == expected.joined(separator: "\n"))
    }

    /// With the permission refused, recording shows the alert, answered by its button.
    @Test func aRefusedPermissionShowsTheAlert() async throws {
        let run = try #require(
            try await ExampleProcess.run(
                "voicememos", arguments: ["--settle", "--virtual-time", "--deny"], input: "record\n1\nrecord\n"))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput
                == [
                    "voice memos: none — type record\n",
                    Self.block("alert: Permission is required to record voice memos.", "  1) OK (cancel)"),
                    "voice memos: none — type record\n",
                    Self.block("alert: Permission is required to record voice memos.", "  1) OK (cancel)"),
                ].joined(separator: "\n"))
    }
}
