import Testing

@testable import EffectEngineExploration

@Suite("TraceLinks")
struct TraceLinksTests {
    @Test func linksLeadBackToTheInitialStateAcrossChunks() {
        var links = TraceLinks()
        links.append(parent: TraceLinks.root, edge: 0)
        // A chain: state i is reached from state i - 1 by event i % 7.
        for id in 1..<20_000 { links.append(parent: UInt32(id - 1), edge: UInt32(id % 7)) }
        #expect(links.count == 20_000)
        #expect(links.path(to: 0) == [])
        #expect(links.path(to: 3) == [1, 2, 3])
        #expect(links.path(to: 19_999) == (1..<20_000).map { $0 % 7 })
        #expect(links.bytes >= 20_000 * 8)
        #expect(links.bytes <= 20_000 * 8 + TraceLinks.largestChunk * 8 * 2)
    }

    @Test func aSmallWalkHoldsLittle() {
        var links = TraceLinks()
        links.append(parent: TraceLinks.root, edge: 0)
        for id in 1..<10 { links.append(parent: 0, edge: UInt32(id)) }
        #expect(links.path(to: 9) == [9])
        #expect(links.bytes < 1_024)
    }
}
