import GRDB

extension AppDatabase {
    /// `ghusers_fold(text)`: `text` folded as `browse`'s search folds it (`TextArena.fold`:
    /// Swift's `lowercased()`, ASCII at a byte's cost), so that `ghusers search` and `/` in
    /// `browse` agree on every character. SQLite's own folding (FTS5's, `LIKE`'s) knows ASCII and
    /// simple one-to-one cases only: `İ` (U+0130) lower-cases to `i` and a combining dot in
    /// Swift, to nothing in SQLite, so `search İst` found nothing that `/İst` found. A term with
    /// any letter outside ASCII is therefore matched on notes with this function (logins are
    /// ASCII); ASCII terms keep the indexes.
    static let fold = DatabaseFunction("ghusers_fold", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return TextArena.foldedString(text)
    }

    /// `ghusers_words(text, phrase)`: whether `text`, folded, holds the words of the folded
    /// `phrase` in a row (``WordMatch``): a text qualifier's whole words, as `/` matches them.
    static let words = DatabaseFunction("ghusers_words", argumentCount: 2, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]), let phrase = String.fromDatabaseValue(values[1]) else { return false }
        return WordMatch.holds(WordMatch.words(Array(phrase.utf8)), in: TextArena.fold(text))
    }

    /// `ghusers_email_words(email, phrase)`: whether the part of `email` before its `@`,
    /// folded, holds the words of the folded `phrase` in a row (``WordMatch``), or contains it
    /// when it has no word: `in:email` as GitHub's search reads it ("For privacy reasons, you
    /// cannot search by email domain name", GitHub Docs, "Searching users"), as `/` does.
    static let emailWords = DatabaseFunction("ghusers_email_words", argumentCount: 2, pure: true) { values in
        guard let email = String.fromDatabaseValue(values[0]), let phrase = String.fromDatabaseValue(values[1]) else { return false }
        return WordMatch.holdsInLocalPart(Array(phrase.utf8), of: TextArena.fold(email))
    }

    /// The condition on `note` that its text has a character outside ASCII: the partial index
    /// `note_non_ascii` (migration `v7-note-non-ascii`) is on it, so the notes that need
    /// ``fold`` are found without a scan. The same text in the index and the queries, or
    /// SQLite does not use the index.
    static let nonASCIINote = "text GLOB '*[^\u{01}-\u{7F}]*'"

    /// Adds the functions every connection has (``fold``, ``words``, ``emailWords``) to `configuration`.
    static func addFunctions(to configuration: inout Configuration) {
        configuration.prepareDatabase { db in
            db.add(function: fold)
            db.add(function: words)
            db.add(function: emailWords)
        }
    }
}
