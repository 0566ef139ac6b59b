import EffectEngineTesting
import Testing

/// A client whose test value is declared once, beside it, as a library target would (N15).
private struct ForecastClient: Sendable, TestValue {
    var search: @Sendable (String) async throws -> [String]
    var forecast: @Sendable (String) async throws -> Int

    static let testValue = ForecastClient(
        search: unimplemented("ForecastClient.search"),
        forecast: unimplemented("ForecastClient.forecast"))
}

/// A feature's env of clients, its test value made of theirs.
private struct ForecastEnv: Sendable, TestValue {
    var client: ForecastClient
    var count: @Sendable () -> Int

    static var testValue: ForecastEnv {
        ForecastEnv(client: .testValue, count: unimplemented("ForecastEnv.count", placeholder: 0))
    }
}

private enum Forecast {
    struct State: Equatable { var places: [String] = []; var degrees: Int? }

    enum Event: Equatable, Sendable {
        case search(String), found([String]), forecast(String), forecasted(Int), failed
    }

    static func update(state: inout State, event: Event) -> Effect<Event, ForecastEnv>? {
        switch event {
        case .search(let query):
            return .task { input, env in input(.found(try await env.client.search(query))) }
        case .found(let places):
            state.places = places
            return nil
        case .forecast(let place):
            return .task { input, env in
                do { input(.forecasted(try await env.client.forecast(place))) } catch { input(.failed) }
            }
        case .forecasted(let degrees):
            state.degrees = degrees
            return nil
        case .failed:
            return nil
        }
    }
}

@Suite("A client's test value fails the test naming each endpoint the test did not set (N15)")
struct TestValueTests {
    static func says(_ text: String) -> (Issue) -> Bool {
        { issue in issue.comments.map(\.rawValue).joined().contains(text) }
    }

    @Test("a test sets the one endpoint its feature calls; the host starts from the env's test value")
    func setEndpointRuns() async {
        let host = TestHost(initialState: Forecast.State(), update: Forecast.update) { env in
            env.client.search = { _ in ["Paris"] }
        }
        await host.send(.search("Pa"))
        await host.receive(.found(["Paris"])) { $0.places = ["Paris"] }
        await host.finish()
    }

    @Test("an endpoint the test did not set fails the test, naming it, and the test goes on")
    func unsetEndpointFailsNamingIt() async {
        let host = TestHost(initialState: Forecast.State(), update: Forecast.update) { env in
            env.client.search = { _ in [] }
        }
        await withKnownIssue {
            await host.send(.forecast("Paris"))
            await host.receive(.failed)
        } matching: {
            Self.says("Unimplemented: ForecastClient.forecast was called with (\"Paris\")")($0)
        }
        await host.finish()
    }

    @Test("with no set-up at all, every endpoint fails: the env's own and its clients'")
    func everyEndpointFails() async {
        let env = ForecastEnv.testValue
        withKnownIssue {
            #expect(env.count() == 0)
        } matching: {
            Self.says("Unimplemented: ForecastEnv.count was called, and returned its placeholder.")($0)
        }
        await withKnownIssue {
            _ = try? await env.client.search("x")
        } matching: {
            Self.says("Unimplemented: ForecastClient.search was called with (\"x\")")($0)
        }
    }
}
