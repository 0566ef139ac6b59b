/// The texts a page's data refers to by number, each kept once: a page with 100,000
/// events names each event case and effect once, not 100,000 times.
///
/// ```swift
/// var strings = PageStrings()
/// #expect(strings.index(of: "load") == 0)
/// #expect(strings.index(of: "save") == 1)
/// #expect(strings.index(of: "load") == 0)
/// #expect(strings.all == ["load", "save"])
/// ```
package struct PageStrings {
    /// Every text, in the order first seen: the page's `strings`.
    package private(set) var all: [String] = []
    private var indices: [String: Int] = [:]

    /// An empty table.
    package init() {}

    /// The number of `text`, added when first seen.
    package mutating func index(of text: String) -> Int {
        if let index = indices[text] { return index }
        all.append(text)
        indices[text] = all.count - 1
        return all.count - 1
    }
}
