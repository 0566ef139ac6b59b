extension StringProtocol {
    /// The text without leading and trailing white space, with no Foundation needed.
    func trimmingWhiteSpace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
