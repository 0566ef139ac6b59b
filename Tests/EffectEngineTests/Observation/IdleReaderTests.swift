import Testing

@testable import EffectEngine

/// A reader of `states` that stops reading costs the loop nothing (issue 12's bar): it is
/// not woken, nothing is queued for it, and the loop keeps no trace of it per send.
@MainActor
@Suite("A reader that never reads does not slow the loop or grow memory")
struct IdleReaderTests {
    @Test func aReaderThatStopsReadingIsNotTouchedBySends() async {
        let host = EffectHost<Int, Int, Void>(initialState: 0) { state, event in
            state &+= event
            return nil
        }
        var reader = host.states.makeAsyncIterator()
        #expect(await reader.next() == 0)
        // The reader holds its iterator but never asks for more: no wait is registered,
        // so 100,000 sends find no watcher bit set and do no work for it.
        for _ in 0..<100_000 {
            host.send(1)
            #expect(host.loop.settledWatchers & HostLoop<Int, Int, Void>.readersBit == 0)
        }
        #expect(await reader.next() == 100_000)
        await host.stop()
        #expect(await reader.next() == nil)
    }
}
