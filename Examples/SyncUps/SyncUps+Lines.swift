import EffectEngine
import EffectEngineCLI
import Foundation

// The app as a line program (N7): the screen on top (an alert, a sheet, the top of the
// stack, or the list) decides what is shown and which commands apply.

extension SyncUpsApp {
    typealias Commands = LineCommands<State, Event>

    /// What the screen on top shows, and the commands it answers.
    ///
    /// ```swift
    /// #expect(SyncUpsApp.screen(SyncUpsApp.State()).text == "Daily sync-ups: none — type add")
    /// ```
    static func screen(_ state: State) -> (text: String, commands: Commands) {
        guard let id = state.path.ids.last, let top = state.path.last else { return listScreen(state) }
        let back = Commands([
            LineCommand("back", summary: "go back to the screen below", event: .path(.popFrom(id: id)))
        ])
        switch top {
        case .detail(let syncUpID, let own):
            guard let syncUp = state.syncUps[id: syncUpID] else { return (gone, back) }
            return detailScreen(Projection(value: syncUp, own: own), at: id, back: back)
        case .meeting(let meetingID, let syncUpID):
            guard let syncUp = state.syncUps[id: syncUpID],
                let meeting = syncUp.meetings[id: meetingID]
            else { return (gone, back) }
            return (meetingText(meeting, of: syncUp), back)
        case .record(let syncUpID, let own):
            guard let syncUp = state.syncUps[id: syncUpID] else { return (gone, back) }
            return recordScreen(Projection(value: syncUp, own: own), at: id)
        }
    }

    static let gone = "this sync-up was deleted — type back"

    // MARK: The list

    static func listScreen(_ state: State) -> (text: String, commands: Commands) {
        let embed: @Sendable (SyncUpsList.Event) -> Event = { .list($0) }
        if case .add(let form) = state.list.destination {
            let sheet = Commands([
                LineCommand("save", summary: "add the sync-up", event: embed(.confirmAddSyncUpButtonTapped)),
                LineCommand("cancel", summary: "close the sheet", event: embed(.dismissAddSyncUpButtonTapped)),
            ])
            let fields = SyncUpForm.commands.scoped(
                state: { (state: State) -> SyncUpForm.State? in
                    if case .add(let form) = state.list.destination { form } else { nil }
                },
                event: { embed(.destination(.presented(.add($0)))) })
            return ("New sync-up\n" + formText(form), fields.appending(sheet))
        }
        var lines = [state.syncUps.isEmpty ? "Daily sync-ups: none — type add" : "Daily sync-ups: \(state.syncUps.count)"]
        for (row, syncUp) in state.syncUps.enumerated() {
            let attendees = syncUp.attendees.count == 1 ? "1 attendee" : "\(syncUp.attendees.count) attendees"
            lines.append(
                "  \(row + 1). \(title(of: syncUp)) — \(attendees), \(minutes(syncUp.duration)), \(syncUp.theme.name)")
        }
        let commands = Commands([
            LineCommand("add", summary: "add a sync-up", event: embed(.addSyncUpButtonTapped)),
            LineCommand.row("open", of: "sync-up", in: \.syncUps, summary: "show sync-up n") { syncUp, state in
                .path(.push(id: state.path.nextID, state: .detail(syncUp.id, SyncUpDetail.Own())))
            },
            LineCommand.row("delete", of: "sync-up", in: \.syncUps, summary: "delete sync-up n") { syncUp, state in
                embed(.onDelete(IndexSet(integer: state.syncUps.index(id: syncUp.id) ?? 0)))
            },
        ])
        return (lines.joined(separator: "\n"), commands)
    }

    // MARK: A sync-up's detail

    static func detailScreen(
        _ detail: SyncUpDetail.State, at id: StackElementID, back: Commands
    ) -> (text: String, commands: Commands) {
        let embed: @Sendable (SyncUpDetail.Event) -> Event = { .path(.element(id: id, event: .detail($0))) }
        switch detail.destination {
        case .alert(let alert):
            return (alert.lineText, .alert(alert) { embed(.destination($0.map(SyncUpDetail.Destination.Event.alert))) })
        case .edit(let form):
            let sheet = Commands([
                LineCommand("done", summary: "keep the changes", event: embed(.doneEditingButtonTapped)),
                LineCommand("cancel", summary: "throw the changes away", event: embed(.cancelEditButtonTapped)),
            ])
            let fields = SyncUpForm.commands.scoped(
                state: { (state: State) -> SyncUpForm.State? in
                    guard case .detail(_, let own) = state.path[id: id], case .edit(let form) = own.destination
                    else { return nil }
                    return form
                }, event: { embed(.destination(.presented(.edit($0)))) })
            return ("Edit \(title(of: detail.value))\n" + formText(form), fields.appending(sheet))
        case nil:
            let syncUp = detail.value
            var lines = ["\(title(of: syncUp)) — \(minutes(syncUp.duration)), \(syncUp.theme.name)"]
            lines.append("  attendees: " + syncUp.attendees.map { $0.name.isEmpty ? "(no name)" : $0.name }.joined(separator: ", "))
            if !syncUp.meetings.isEmpty {
                lines.append("  past meetings:")
                for (row, meeting) in syncUp.meetings.enumerated() {
                    lines.append("    \(row + 1). \(day(meeting.date))")
                }
            }
            let meetings: @Sendable (State) -> IdentifiedArray<Meeting> = { state in
                guard case .detail(let syncUpID, _) = state.path[id: id] else { return [] }
                return state.syncUps[id: syncUpID]?.meetings ?? []
            }
            let commands = Commands([
                LineCommand("start", summary: "start a meeting", event: embed(.startMeetingButtonTapped)),
                LineCommand("edit", summary: "edit the sync-up", event: embed(.editButtonTapped)),
                LineCommand("delete", summary: "delete the sync-up", event: embed(.deleteButtonTapped)),
                LineCommand.row("meeting", of: "meeting", in: meetings, summary: "show past meeting n") {
                    meeting, state in
                    .path(.push(id: state.path.nextID, state: .meeting(meeting.id, syncUp: syncUp.id)))
                },
                LineCommand.row("forget", of: "meeting", in: meetings, summary: "delete past meeting n") {
                    meeting, state in
                    embed(.deleteMeetings(atOffsets: IndexSet(integer: meetings(state).index(id: meeting.id) ?? 0)))
                },
            ])
            return (lines.joined(separator: "\n"), commands.appending(back))
        }
    }

    static func meetingText(_ meeting: Meeting, of syncUp: SyncUp) -> String {
        """
        \(title(of: syncUp)), meeting of \(day(meeting.date))
          attendees: \(syncUp.attendees.map(\.name).joined(separator: ", "))
          transcript: \(meeting.transcript.isEmpty ? "(nothing heard)" : meeting.transcript)
        """
    }

    // MARK: A meeting being recorded

    static func recordScreen(_ meeting: RecordMeeting.State, at id: StackElementID) -> (text: String, commands: Commands) {
        let embed: @Sendable (RecordMeeting.Event) -> Event = { .path(.element(id: id, event: .record($0))) }
        if let alert = meeting.alert {
            return (alert.lineText, .alert(alert) { embed(.alert($0)) })
        }
        let syncUp = meeting.value
        let speaker =
            syncUp.attendees.indices.contains(meeting.speakerIndex)
            ? syncUp.attendees[meeting.speakerIndex].name : ""
        let text = """
            Recording \(title(of: syncUp)): \(clock(meeting.secondsElapsed)) of \(clock(Int(syncUp.duration.components.seconds))), \
            speaker \(meeting.speakerIndex + 1) of \(syncUp.attendees.count)\(speaker.isEmpty ? "" : ": " + speaker)
              heard: \(meeting.transcript.isEmpty ? "nothing yet" : meeting.transcript)
            """
        let commands = Commands([
            LineCommand("next", summary: "pass to the next speaker", event: embed(.nextButtonTapped)),
            LineCommand("end", summary: "end the meeting early", event: embed(.endMeetingButtonTapped)),
        ])
        return (text, commands)
    }

    // MARK: Text

    static func formText(_ form: SyncUpForm.State) -> String {
        let syncUp = form.syncUp
        var lines = [
            "  title: \(syncUp.title.isEmpty ? "(untitled)" : syncUp.title)",
            "  length: \(minutes(syncUp.duration))",
            "  theme: \(syncUp.theme.name)",
            "  attendees:",
        ]
        for (row, attendee) in syncUp.attendees.enumerated() {
            let focused = form.focus == .attendee(attendee.id) ? " ←" : ""
            lines.append("    \(row + 1). \(attendee.name.isEmpty ? "(no name)" : attendee.name)\(focused)")
        }
        return lines.joined(separator: "\n")
    }

    static func title(of syncUp: SyncUp) -> String {
        syncUp.title.isEmpty ? "(untitled)" : syncUp.title
    }

    static func minutes(_ duration: Duration) -> String {
        let minutes = duration.components.seconds / 60
        return minutes == 1 ? "1 min" : "\(minutes) min"
    }

    static func clock(_ seconds: Int) -> String {
        "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }

    static func day(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }
}

extension SyncUpForm {
    /// The form's commands: its fields, and its attendees numbered as shown. Each field
    /// command sends the draft as changed, as a view's binding does.
    static let commands = LineCommands<State, Event>([
        field("title", usage: "title <text>", summary: "set the title") { syncUp, text throws(LineError) in
            syncUp.title = text
        },
        field("length", usage: "length <minutes>", summary: "set the length, 5 to 30 minutes") {
            syncUp, text throws(LineError) in
            guard let minutes = Int(text), (5...30).contains(minutes) else {
                throw LineError(usage: "'length' needs <minutes> from 5 to 30, got \(LineError.quote(text))")
            }
            syncUp.duration = .seconds(minutes * 60)
        },
        field("theme", usage: "theme <name>", summary: "set the theme, bubblegum to yellow") {
            syncUp, text throws(LineError) in
            guard let theme = Theme(rawValue: text.lowercased()) else {
                throw LineError(
                    usage: "'theme' needs one of \(Theme.allCases.map(\.rawValue).joined(separator: ", ")), "
                        + "got \(LineError.quote(text))")
            }
            syncUp.theme = theme
        },
        LineCommand("invite", summary: "add an attendee", event: .addAttendeeButtonTapped),
        field("name", usage: "name <n> <name>", summary: "name attendee n") { syncUp, text throws(LineError) in
            let number = text.prefix { !$0.isWhitespace }
            let name = text.dropFirst(number.count).drop { $0.isWhitespace }
            guard let row = Int(number) else {
                throw LineError(usage: "'name' needs <n> <name>, got \(LineError.quote(text))")
            }
            let attendee = try LineCommand<State, Event>.row(row, of: "attendee", in: syncUp.attendees)
            syncUp.attendees[row - 1] = Attendee(id: attendee.id, name: String(name))
        },
        LineCommand.row("remove", of: "attendee", in: \.syncUp.attendees, summary: "remove attendee n") {
            attendee, state in
            .deleteAttendees(atOffsets: IndexSet(integer: state.syncUp.attendees.index(id: attendee.id) ?? 0))
        },
    ])

    /// A command that changes the draft: `change` edits a copy of it with the text typed.
    private static func field(
        _ name: String, usage: String, summary: String,
        change: @escaping @Sendable (inout SyncUp, String) throws(LineError) -> Void
    ) -> LineCommand<State, Event> {
        LineCommand(name, usage: usage, summary: summary) { argument, state throws(LineError) in
            guard !argument.isEmpty else { throw LineError(usage: "'\(name)' needs \(usage.dropFirst(name.count + 1))") }
            var syncUp = state.syncUp
            try change(&syncUp, argument)
            return .binding(.set(\.syncUp, syncUp))
        }
    }
}
