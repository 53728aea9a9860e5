extension StringProtocol {
    /// The text without leading and trailing white space and newlines.
    ///
    /// The standard library's `Character.isWhitespace`, not Foundation's `trimmingCharacters`,
    /// which loads internationalisation data on first use (about 1.5 ms of every command that
    /// calls it; Docs/BENCHMARKS.md).
    package var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
