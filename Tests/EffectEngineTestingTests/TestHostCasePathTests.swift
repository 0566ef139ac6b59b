// No `import EffectEngine`: EffectEngineTesting brings it (T13).
import EffectEngineTesting
import TestSupport
import Testing

/// A root that is one of two screens, a stack of screens kept with an id, and an alert.
private enum Game {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    enum Screen: Equatable {
        case detail(Int, Detail)
        case record(Int)
    }

    struct Detail: Equatable {
        var title = ""
        var alert: AlertState<Answer>?
    }

    enum Answer: Equatable, Sendable { case confirm }

    struct LoggedIn: Equatable {
        var path = StackState<Screen>()
        var alert: AlertState<Answer>?
    }

    enum State: Equatable {
        case loggedOut(name: String)
        case loggedIn(LoggedIn)
    }

    enum Event: Sendable {
        case logIn
        case response(Login)
        case open(Int)
        case rename(id: StackElementID, String)
        case deleteTapped
        case alert(PresentationEvent<Answer>)

        enum Login: Sendable {
            case result(Result<String, Failure>)
        }
    }

    static let confirm = AlertState<Answer>(title: "Delete?", buttons: [ButtonState("Delete", action: .confirm)])

    static func update(state: inout State, event: Event) -> Effect<Event, Bool>? {
        switch (state, event) {
        case (.loggedOut, .logIn):
            return .task { input, succeeds in
                input(.response(.result(succeeds ? .success("Ann") : .failure(Failure()))))
            }
        case (.loggedOut, .response(.result(.success))):
            state = .loggedIn(LoggedIn())
            return nil
        case (.loggedOut, .response(.result(.failure))):
            return nil
        case (.loggedIn(var game), .open(let number)):
            game.path.append(.detail(number, Detail()))
            state = .loggedIn(game)
            return nil
        case (.loggedIn(var game), .rename(let id, let title)):
            guard case .detail(let number, var detail) = game.path[id: id] else { return nil }
            detail.title = title
            game.path[id: id] = .detail(number, detail)
            state = .loggedIn(game)
            return nil
        case (.loggedIn(var game), .deleteTapped):
            game.alert = confirm
            state = .loggedIn(game)
            return nil
        case (.loggedIn(var game), .alert):
            game.alert = nil
            state = .loggedIn(game)
            return nil
        default:
            return nil
        }
    }
}

/// A sheet presenting an alert: a button answers it in place, with no dismiss event.
private enum Sheet {
    struct State: Equatable {
        var destination: AlertState<Game.Answer>?
        var deleted = false
    }

    enum Event: Equatable, Sendable {
        case deleteTapped
        case destination(PresentationEvent<Game.Answer>)
    }

    static func update(state: inout State, event: Event) -> Effect<Event, Void>? {
        Compose.destination(
            \.destination, in: &state, event: event, scope: "destination",
            child: { if case .destination(let event) = $0 { event } else { nil } },
            embed: Event.destination, env: { $0 }, update: { alert, answer in alert.respond(to: answer) }
        ) { state, event in
            switch event {
            case .deleteTapped:
                state.destination = Game.confirm
            case .destination(.presented(.confirm)):
                state.deleted = true
            case .destination(.dismiss):
                break
            }
            return nil
        }
    }
}

@Suite("TestHost: tests that read like TCA's, without macros (T13)")

struct TestHostCasePathTests {
    nonisolated static func says(_ parts: String...) -> (Issue) -> Bool {
        { issue in parts.allSatisfy { issue.comments.map(\.rawValue).joined().contains($0) } }
    }

    @Test func aNestedCaseIsReceivedByItsConstructorWhateverItsPayload() async {
        let host = TestHost(initialState: Game.State.loggedOut(name: ""), env: true, update: Game.update)
        await host.send(.logIn)
        await host.receive({ .response(.result(.success($0))) }) {
            $0 = .loggedIn(Game.LoggedIn())
        }
        await host.finish()
    }

    @Test func anEventThatIsNotEquatableIsReceivedByValueComparedByItsRendering() async {
        let host = TestHost(initialState: Game.State.loggedOut(name: ""), env: false, update: Game.update)
        await host.send(.logIn)
        await withKnownIssue {
            await host.receive(.response(.result(.success("Ann"))))
        } matching: {
            Self.says(
                "Received .response(.result(.failure(offline))), which is not .response(.result(.success(\"Ann\")))"
            )($0)
        }
        await host.send(.logIn)
        await host.receive(.response(.result(.failure(Game.Failure()))))
        await host.finish()
    }

    @Test func anEventInAnotherCaseFailsNamingIt() async {
        let host = TestHost(initialState: Game.State.loggedOut(name: ""), env: false, update: Game.update)
        await host.send(.logIn)
        await withKnownIssue {
            await host.receive({ .response(.result(.success($0))) })
        } matching: {
            Self.says(
                "Received .response(.result(.failure(offline))), which is not an event in the case holding a String"
            )($0)
        }
        await host.finish()
    }

    @Test func anExpectationChangesOneFieldOfAStackElementInPlace() async {
        let host = TestHost(
            initialState: Game.State.loggedIn(Game.LoggedIn()), env: true, update: Game.update)
        await host.send(.open(7)) {
            $0.modify(Game.State.loggedIn) { $0.path.append(.detail(7, Game.Detail())) }
        }
        await host.send(.rename(id: 0, "Blob")) {
            $0.modify(Game.State.loggedIn) { $0.path[id: 0].modify(Game.Screen.detail) { $0.1.title = "Blob" } }
        }
        await host.send(.deleteTapped) {
            $0.modify(Game.State.loggedIn) { $0.alert = Game.confirm }
        }
        await host.finish()
    }

    @Test func aModifyOfAnotherCaseFailsAndChangesNothing() async {
        var state = Game.State.loggedOut(name: "Ann")
        withKnownIssue {
            state.modify(Game.State.loggedIn) { $0.alert = Game.confirm }
        } matching: {
            Self.says("modify found .loggedOut(name: \"Ann\"), which is not in the case holding")($0)
        }
        #expect(state == .loggedOut(name: "Ann"))
    }

    @Test func aReceiveOfADismissalHandledInPlaceFailsAtOnceSayingSo() async {
        let host = TestHost(initialState: Sheet.State(), update: Sheet.update)
        await host.send(.deleteTapped) { $0.destination = Game.confirm }
        await host.send(.destination(.presented(.confirm))) {
            $0.destination = nil
            $0.deleted = true
        }
        let started = ContinuousClock.now
        await withKnownIssue {
            await host.receive(.destination(.dismiss), timeout: TestBounds.pastHang)
        } matching: {
            Self.says(
                "Nothing to receive for receive(.destination(.dismiss)): a dismissal was handled in place by "
                    + "send(.destination(.presented(.confirm))), with no event")($0)
        }
        #expect(ContinuousClock.now - started < TestBounds.hang)
        await host.finish()
    }

    @Test func aClientsStandInsInALibraryTargetFailTheTest() async {
        let client = LibraryClient.testValue
        withKnownIssue {
            #expect(client.count() == 0)
        } matching: {
            Self.says("Unimplemented: LibraryClient.count was called, and returned its placeholder.")($0)
        }
        await withKnownIssue {
            await #expect(throws: UnimplementedCall.self) { try await client.load(3) }
        } matching: {
            Self.says("Unimplemented: LibraryClient.load was called with (3)")($0)
        }
    }
}
