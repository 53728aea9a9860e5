extension CellGrid {
    /// Columns `text` takes on screen (wide characters two, combining marks none).
    package static func columns(of text: String) -> Int {
        text.reduce(0) { $0 + Cell.width(of: $1) }
    }

    /// `text` shortened to at most `width` columns at a word, with an ellipsis: never cut
    /// mid-word (a single word longer than the line is the one exception, cut before the
    /// ellipsis). Text that fits is returned as it is.
    package static func fitted(_ text: String, width: Int) -> String {
        guard columns(of: text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var kept = ""
        var used = 0
        var lastBreak: String.Index?
        for character in text {
            let size = Cell.width(of: character)
            if used + size > width - 1 { break }
            if character == " " { lastBreak = kept.endIndex }
            kept.append(character)
            used += size
        }
        if let lastBreak, lastBreak > kept.startIndex { kept = String(kept[..<lastBreak]) }
        while let last = kept.last, last == " " || last == "," || last == ";" || last == ":" || last == "·" || last == "│" {
            kept.removeLast()
        }
        return kept + "…"
    }
}
