/// Patterns for SQL `LIKE … ESCAPE '\'` that match text literally: `%`, `_` and `\` in it are
/// escaped. Used by every search condition, in the store and in the search's query builder.
enum LikePattern {
    /// Matches any text that contains `text`.
    static func containing(_ text: String) -> String { "%" + escaped(text) + "%" }

    /// Matches any text that starts with `text`.
    static func starting(with text: String) -> String { escaped(text) + "%" }

    /// Matches any text that ends with `text`.
    static func ending(with text: String) -> String { "%" + escaped(text) }

    /// `text` with `%`, `_` and `\` escaped by `\`.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
