@testable import EffectEngine
import TestSupport
import Testing

/// The observers of a host as a value (R15): any number, added and removed at any time,
/// told in the order they were added.
@Suite("The observer list, as a value")
@MainActor
struct ObserverListTests {
    @Test("Observers are told in the order they were added; a removed one is not told")
    func orderAndRemoval() {
        let log = Recording<String>()
        var list = ObserverList<Int, String>()
        #expect(list.combined == nil)
        let first = list.observerAdded(HostObserver { _ in log.append("first") })
        _ = list.observerAdded(HostObserver { _ in log.append("second") })
        list.combined?.observe(.stopped)
        #expect(log.values == ["first", "second"])
        list.observerRemoved(first)
        list.observerRemoved(first)
        list.combined?.observe(.stopped)
        #expect(log.values == ["first", "second", "second"])
    }

    @Test("With no observer left, there is no one to tell")
    func empty() {
        var list = ObserverList<Int, String>()
        let id = list.observerAdded(HostObserver { _ in })
        #expect(list.combined != nil)
        list.observerRemoved(id)
        #expect(list.combined == nil)
    }
}
