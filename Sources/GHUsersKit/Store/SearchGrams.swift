/// The index that answers searches of one or two characters, which a trigram index cannot:
/// `user_grams` (logins) and `note_grams` (note text), contentless FTS5 tables whose tokens
/// are every character and every pair of adjacent characters of the text, ASCII-lower-cased
/// and written in hex (`"Oc"` is `6F 6F63 63`). A term of one or two characters is then one
/// token: `MATCH hex(lower(?))` finds every row that contains it, exactly, in under a
/// millisecond for a rare pair at a million users (Docs/BENCHMARKS.md).
///
/// Kept by triggers in plain SQL (schema `v5-short-search`), so that every writer of the file
/// keeps it current, the `sqlite3` shell included: no custom SQL function, and no common table
/// expression (SQLite allows none in a trigger). The positions come from `json_each` over an
/// array as long as the text.
enum SearchGrams {
    /// The SQL expression of the tokens of `text` (a column or `new.…`/`old.…`), as written
    /// into the tables. Part of schema `v5-short-search`: rows already indexed were written
    /// with it, and a contentless table's `delete` must repeat it exactly, so it never
    /// changes; a different tokenisation needs a new migration that rebuilds the tables.
    static func tokens(of text: String) -> String {
        """
        (SELECT group_concat(hex(lower(substr(\(text), key + 1, 1))) || ' ' || hex(lower(substr(\(text), key + 1, 2))), ' ') \
        FROM json_each('[' || rtrim(replace(hex(zeroblob(length(\(text)))), '00', '0,'), ',') || ']'))
        """
    }

    /// The right side of `MATCH` for a term given as an argument: its one token.
    static let match = "hex(lower(?))"

    /// The statements of schema `v5-short-search`: both tables, filled from the rows there
    /// are, and their triggers.
    static let schema = index("user_grams", of: "user", column: "login", key: "id") + index("note_grams", of: "note", column: "text", key: "id")

    /// The table `grams` over `table.column` (rows by `key`): made, filled, and kept by triggers.
    private static func index(_ grams: String, of table: String, column: String, key: String) -> String {
        """
        CREATE VIRTUAL TABLE \(grams) USING fts5(grams, content='', detail='none', columnsize=0);
        INSERT INTO \(grams)(rowid, grams) SELECT \(key), \(tokens(of: column)) FROM \(table);
        CREATE TRIGGER \(grams)_insert AFTER INSERT ON \(table) BEGIN
            INSERT INTO \(grams)(rowid, grams) VALUES (new.\(key), \(tokens(of: "new." + column)));
        END;
        CREATE TRIGGER \(grams)_delete AFTER DELETE ON \(table) BEGIN
            INSERT INTO \(grams)(\(grams), rowid, grams) VALUES ('delete', old.\(key), \(tokens(of: "old." + column)));
        END;
        CREATE TRIGGER \(grams)_update AFTER UPDATE OF \(column) ON \(table) WHEN old.\(column) IS NOT new.\(column) BEGIN
            INSERT INTO \(grams)(\(grams), rowid, grams) VALUES ('delete', old.\(key), \(tokens(of: "old." + column)));
            INSERT INTO \(grams)(rowid, grams) VALUES (new.\(key), \(tokens(of: "new." + column)));
        END;

        """
    }
}
