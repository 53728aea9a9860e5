import Foundation
import GRDB

/// Reads the notes out of a database that cannot be opened as usual (damaged), for `ghusers
/// notes rescue`: the file is opened read-only and immutable, never written, with no schema
/// check, and the `note` table is read a window of ids at a time; a window that fails is read
/// row by row, and a row that still fails is counted and left. What comes out is a notes
/// archive that `notes import` takes into a new home.
///
/// Replaces the advice to run `sqlite3 FILE .recover`, which Debian's sqlite3 3.40 does not
/// have (its `.dump` does recover the notes, but is no command of ours).
public struct NotesRescue {
    /// What a rescue read.
    public struct Outcome: Sendable, Hashable {
        /// Notes read whole.
        public var notes = 0
        /// Rows of the note table that could not be read.
        public var unreadable = 0

        /// Nothing read yet.
        public init() {}
    }

    /// The database file.
    public let url: URL

    /// Creates a rescue of the database at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Calls `each` for every note that can be read, in id order.
    ///
    /// - Throws: ``StoreError/corrupt(path:)`` when not even the note table can be found.
    public func callAsFunction(_ each: (Note) throws -> Void) throws -> Outcome {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "ghusers.rescue"
        let encoded = url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url.path
        let queue: DatabaseQueue
        let last: Int64
        do {
            queue = try DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration)
            last = try queue.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM note") ?? 0 }
        } catch {
            throw StoreError.corrupt(path: url.path)
        }
        var outcome = Outcome()
        let window: Int64 = 256
        var start: Int64 = 1
        while start <= last {
            let end = start + window - 1
            do {
                let notes = try queue.read { db in try Self.notes(db, from: start, through: end) }
                for note in notes { try each(note) }
                outcome.notes += notes.count
            } catch is DatabaseError {
                // One row at a time: only the rows on a damaged page are lost.
                for id in start...end {
                    do {
                        let notes = try queue.read { db in try Self.notes(db, from: id, through: id) }
                        for note in notes { try each(note) }
                        outcome.notes += notes.count
                    } catch is DatabaseError {
                        outcome.unreadable += 1
                    }
                }
            }
            start = end + 1
        }
        return outcome
    }

    private static func notes(_ db: Database, from: Int64, through: Int64) throws -> [Note] {
        try Row.fetchAll(db, sql: "SELECT login, user_id, text, updated_at FROM note WHERE id BETWEEN ? AND ? ORDER BY id", arguments: [from, through])
            .map { Note(login: $0[0], userID: $0[1], text: $0[2], updatedAt: Date(timeIntervalSince1970: $0[3])) }
    }
}
