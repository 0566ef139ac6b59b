import TestSupport
import Testing

@testable import EffectEngineExploration

@Suite("TraceLinks", .onThreadOfItsOwn)
struct TraceLinksTests {
    @Test func linksLeadBackToTheInitialStateAcrossChunks() {
        let links = TraceLinks()
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
        let links = TraceLinks()
        links.append(parent: TraceLinks.root, edge: 0)
        for id in 1..<10 { links.append(parent: 0, edge: UInt32(id)) }
        #expect(links.path(to: 9) == [9])
        #expect(links.bytes < 1_024)
    }

    @Test func eachStateLeadsBackToItsOwnInitialState() {
        let links = TraceLinks()
        // Three initial states, numbered 0, 1, 2 by their links' edges.
        for start in 0..<3 { links.append(parent: TraceLinks.root, edge: UInt32(start)) }
        links.append(parent: 2, edge: 5)  // state 3, from initial state 2
        links.append(parent: 3, edge: 1)  // state 4
        links.append(parent: 0, edge: 4)  // state 5, from initial state 0
        #expect(links.path(to: 4) == [5, 1])
        #expect(links.start(of: 4) == 2)
        #expect(links.path(to: 5) == [4])
        #expect(links.start(of: 5) == 0)
        #expect(links.path(to: 1) == [])
        #expect(links.start(of: 1) == 1)
    }
}
