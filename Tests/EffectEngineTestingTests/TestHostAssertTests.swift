import EffectEngine
import EffectEngineTesting
import Testing

/// T11: `assert` checks the state at any point with the diff `send` shows.
@Suite("TestHost.assert (T11)")

struct TestHostAssertTests {
    nonisolated static func says(_ parts: String...) -> (Issue) -> Bool {
        { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return parts.allSatisfy { text.contains($0) }
        }
    }

    @Test func passesWhenTheFieldsSetHold() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.assert { $0.isLoading = true }
        await host.assert { _ in }
        await host.receive(.loaded(["a"])) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await host.assert { $0.items = ["a"] }
        await host.finish()
    }

    @Test func failsWithTheFieldByFieldDiff() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { ["a"] }, update: Loader.update)
        await host.send(.chain(2)) { $0.items = ["step 2", "step 1"] }
        await withKnownIssue {
            await host.assert {
                $0.items = ["step 2"]
                $0.error = "none"
            }
        } matching: {
            Self.says(
                "State at assert differs from the expected state (− expected, + actual):\n",
                ".items[1]\n    − (none)\n    + \"step 1\"",
                ".error\n    − \"none\"\n    + nil")($0)
        }
        await host.receive(.chain(1))
        await host.finish()
    }

    @Test func anExhaustiveTestAssertsTheStateOfItsLastStep() async {
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { ["a"] }, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.settle()
        #expect(host.state.items == ["a"])
        await withKnownIssue {
            await host.assert { $0.items = ["a"] }
        } matching: {
            Self.says(
                "(The state of the test's last step: 1 delivered event(s) not yet received changed it since, "
                    + "receive them first: .loaded([\"a\"]).)")($0)
        }
        await host.receive(.loaded(["a"])) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await host.finish()
    }

    @Test func aNonExhaustiveTestAssertsTheCurrentState() async {
        let host = TestHost(
            initialState: Loader.State(), env: Loader.Env { ["a"] }, exhaustivity: .off, update: Loader.update)
        await host.send(.load)
        await host.settle()
        await host.assert {
            $0.isLoading = false
            $0.items = ["a"]
        }
        await host.finish()
    }

    @Test func failsWhenTheClosureThrows() async {
        struct Oops: Error {}
        let host = TestHost(initialState: Loader.State(), env: Loader.Env { [] }, update: Loader.update)
        await withKnownIssue {
            await host.assert { _ in throw Oops() }
        } matching: {
            Self.says("The assertion of assert threw: Oops()")($0)
        }
        await host.finish()
    }
}
