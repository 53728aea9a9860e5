import Foundation

/// The index that answers searches of one or two characters, which a trigram index cannot:
/// `user_grams` (logins) and `note_grams` (note text), contentless FTS5 tables whose tokens
/// are every character and every pair of adjacent characters of the text, ASCII-lower-cased
/// and written in hex (`"Oc"` is `6F 6F63 63 63`: the last character stands alone twice). A
/// term of one or two characters is then one token (or, with letters outside ASCII, one per
/// way of writing their case, ``query(_:)``): every row that contains it, exactly, in under a
/// millisecond for a rare pair at a million users (Docs/BENCHMARKS.md).
///
/// Kept by triggers in plain SQL (schema `v5-short-search`), so that every writer of the file
/// keeps it current, the `sqlite3` shell included: no custom SQL function, no common table
/// expression (SQLite allows none in a trigger), and no `lower()`, which an SQLite built with
/// ICU replaces (a `delete` must repeat the tokens of the insert exactly). The positions come
/// from `json_each` over an array as long as the text.
enum SearchGrams {
    /// How many characters of a note are indexed. `substr` walks a text from its start, so the
    /// tokens of a text cost the square of its length: 4,096 characters take about 13 ms, a
    /// note of 1 MiB would take a quarter of an hour. Longer notes are searched with `LIKE`,
    /// through the partial index `note_long` (``longNotes(_:)``).
    static let indexedCharacters = 4_096

    /// The SQL expression of the tokens of `text` (a column or `new.…`/`old.…`), as written
    /// into the tables. Part of schema `v5-short-search`: rows already indexed were written
    /// with it, and a contentless table's `delete` must repeat it exactly, so it never
    /// changes; a different tokenisation needs a new migration that rebuilds the tables.
    static func tokens(of text: String) -> String {
        let character = folded("substr(\(text), key + 1, 1)")
        let next = folded("substr(\(text), key + 2, 1)")
        return """
            (SELECT group_concat(hex(\(character)) || ' ' || hex(\(character) || \(next)), ' ') \
            FROM json_each('[' || rtrim(replace(hex(zeroblob(min(length(\(text)), \(indexedCharacters)))), '00', '0,'), ',') || ']'))
            """
    }

    /// The one character `character` (an SQL expression) with `A`-`Z` lower-cased.
    private static func folded(_ character: String) -> String {
        "(CASE WHEN unicode(\(character)) BETWEEN 65 AND 90 THEN char(unicode(\(character)) + 32) ELSE \(character) END)"
    }

    /// The ways of writing `term` (one or two characters) as the tables hold text: ASCII
    /// letters lower-cased, and each other letter as it is, lower-cased and upper-cased (so
    /// that `é` finds `É` as the trigram index and `browse`'s index do), sorted.
    static func spellings(_ term: String) -> [String] {
        var spellings = [""]
        for character in term {
            let variants: Set<String> =
                character.isASCII
                ? [character.lowercased()]
                : Set([String(character), character.lowercased(), character.uppercased()].filter { $0.count == 1 })
            spellings = spellings.flatMap { prefix in variants.sorted().map { prefix + $0 } }
        }
        return spellings
    }

    /// The right side of `MATCH` for `term`: the token of each of its ``spellings(_:)``, ORed.
    static func query(_ term: String) -> String {
        query(spellings: spellings(term))
    }

    /// The right side of `MATCH` for a term's ``spellings(_:)``: the token of each, ORed.
    static func query(spellings: [String]) -> String {
        spellings.map { $0.utf8.map { String(format: "%02X", $0) }.joined() }.joined(separator: " OR ")
    }

    /// The ids of notes longer than ``indexedCharacters`` that contain one of `spellings`
    /// (`LIKE`, ASCII without regard to case), with its arguments: what the tables do not see.
    static func longNotes(_ spellings: [String]) -> (sql: String, arguments: [String]) {
        let likes = spellings.map { _ in "text LIKE ? ESCAPE '\\'" }.joined(separator: " OR ")
        return (
            "SELECT id FROM note WHERE length(text) > \(indexedCharacters) AND (\(likes))",
            spellings.map(LikePattern.containing)
        )
    }

    /// The statements of schema `v5-short-search`: both tables, filled from the rows there
    /// are, their triggers, and the partial index of the notes too long for them.
    static let schema =
        index("user_grams", of: "user", column: "login", key: "id") + index("note_grams", of: "note", column: "text", key: "id")
        + "CREATE INDEX note_long ON note(id) WHERE length(text) > \(indexedCharacters);\n"

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
