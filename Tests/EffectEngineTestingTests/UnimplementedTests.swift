import EffectEngine
import EffectEngineTesting
import Testing

/// T12: `unimplemented` stand-ins fail the test naming themselves, and let it go on.
@Suite("unimplemented stand-ins (T12)")

struct UnimplementedTests {
    /// An env of closures of every form a stand-in serves.
    struct Env: Sendable {
        var name: @Sendable () -> String
        var add: @Sendable (Int, Int) -> Int
        var log: @Sendable (String) -> Void
        var fetch: @Sendable (String) async throws -> [String]
        var save: @Sendable () async throws -> Void
        var count: @Sendable () async -> Int
        var parse: @Sendable (String) throws -> Int
    }

    static let env = Env(
        name: unimplemented("Env.name", placeholder: "?"),
        add: unimplemented("Env.add", placeholder: 0),
        log: unimplemented("Env.log"),
        fetch: unimplemented("Env.fetch"),
        save: unimplemented("Env.save"),
        count: unimplemented("Env.count", placeholder: -1),
        parse: unimplemented("Env.parse"))

    nonisolated static func says(_ text: String) -> (Issue) -> Bool {
        { $0.comments.map(\.rawValue).joined().contains(text) }
    }

    @Test func aCallFailsNamingTheStandInAndItsArgumentsAndReturnsThePlaceholder() async {
        let env = Self.env
        withKnownIssue {
            #expect(env.name() == "?")
        } matching: {
            Self.says("Unimplemented: Env.name was called, and returned its placeholder.")($0)
        }
        withKnownIssue {
            #expect(env.add(2, 3) == 0)
        } matching: {
            Self.says("Unimplemented: Env.add was called with (2, 3), and returned its placeholder.")($0)
        }
        withKnownIssue {
            env.log("hello")
        } matching: {
            Self.says("Unimplemented: Env.log was called with (\"hello\"), and returned.")($0)
        }
        await withKnownIssue {
            #expect(await env.count() == -1)
        } matching: {
            Self.says("Unimplemented: Env.count was called, and returned its placeholder.")($0)
        }
    }

    @Test func aThrowingStandInThrowsUnimplementedCall() async {
        let env = Self.env
        await withKnownIssue {
            await #expect(throws: UnimplementedCall.self) { try await env.fetch("swift") }
            await #expect(throws: UnimplementedCall.self) { try await env.save() }
            #expect(throws: UnimplementedCall.self) { try env.parse("1") }
        } matching: {
            Self.says("was called")($0)
        }
        var thrown: (any Error)?
        await withKnownIssue {
            do { _ = try await env.fetch("swift") } catch { thrown = error }
        } matching: {
            Self.says("Unimplemented: Env.fetch was called with (\"swift\"), and threw UnimplementedCall.")($0)
        }
        let call = thrown as? UnimplementedCall
        #expect(call?.name == "Env.fetch")
        #expect(call?.arguments == ["\"swift\""])
        #expect(call?.description == "unimplemented Env.fetch called with (\"swift\")")
    }

    /// The stand-in fails the test once, where it was made; the task's error it threw is
    /// not reported again as an unexpected diagnostic (T10).
    @Test func aStandInCalledByATaskFailsTheTestOnce() async {
        let env = Loader.Env(fetch: unimplemented("Loader.Env.fetch"))
        let host = TestHost(initialState: Loader.State(), env: env, update: Loader.update)
        // The task's body runs with the task-local values of the send that started it:
        // the known issue must wrap the send.
        await withKnownIssue {
            await host.send(.load) { $0.isLoading = true }
            await host.receive(.failed("unimplemented Loader.Env.fetch called")) {
                $0.isLoading = false
                $0.error = "unimplemented Loader.Env.fetch called"
            }
        } matching: {
            Self.says("Unimplemented: Loader.Env.fetch was called, and threw UnimplementedCall.")($0)
        }
        await host.finish()
    }

    @Test func anEscapedUnimplementedCallIsNoUnexpectedDiagnostic() async {
        let host = TestHost(initialState: Escaping.State(), env: Escaping.env, update: Escaping.update)
        await withKnownIssue {
            await host.send(.load)
            await host.finish()
        } matching: {
            Self.says("Unimplemented: Escaping.Env.fetch was called, and threw UnimplementedCall.")($0)
        }
        #expect(host.pendingDiagnostics.isEmpty)
    }
}

/// A task that lets a stand-in's error escape.
private enum Escaping {
    struct State: Equatable {}
    enum Event: Sendable { case load }
    struct Env: Sendable {
        var fetch: @Sendable () async throws -> Void
    }

    static let env = Env(fetch: unimplemented("Escaping.Env.fetch"))

    static func update(state: inout State, event: Event) -> Effect<Event, Env>? {
        .task(name: "load") { _, env in try await env.fetch() }
    }
}
