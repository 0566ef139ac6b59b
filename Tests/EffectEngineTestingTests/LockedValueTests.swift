import EffectEngine
import EffectEngineTesting
import Testing

/// T12: a `LockedValue` carries what an env closure saw back to the test.
@Suite("LockedValue (T12)")
struct LockedValueTests {
    @Test func readsBackWhatConcurrentTasksWrote() async {
        let seen = LockedValue<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            for number in 0..<8 {
                group.addTask { seen.withValue { $0.append(number) } }
            }
        }
        #expect(seen.value.sorted() == Array(0..<8))
        seen.setValue([7])
        #expect(seen.value == [7])
        let count = seen.withValue { values -> Int in
            values.append(8)
            return values.count
        }
        #expect(count == 2)
    }

    @Test func readsBackWhatAnEnvClosureSaw() async {
        let fetched = LockedValue(0)
        let env = Loader.Env {
            fetched.withValue { $0 += 1 }
            return ["a"]
        }
        let host = TestHost(initialState: Loader.State(), env: env, update: Loader.update)
        await host.send(.load) { $0.isLoading = true }
        await host.receive(.loaded(["a"])) {
            $0.isLoading = false
            $0.items = ["a"]
        }
        #expect(fetched.value == 1)
        await host.finish()
    }
}
