import Foundation
import GRDB

/// Reads the notes out of a database that cannot be opened as usual (damaged), for `ghusers
/// notes rescue`: the file and its `-wal` (notes written since the last checkpoint live there)
/// are copied to a temporary folder, never written where they are, and the copy is opened
/// with no schema check; the `note` table is read a window of ids at a time, a window that
/// fails row by row, and a row that still fails (or reads back without a login or text) is
/// counted and left. What comes out is a notes archive that `notes import` takes into a new
/// home.
///
/// Replaces the advice to run `sqlite3 FILE .recover`, which Debian's sqlite3 3.40 does not
/// have (its `.dump` does recover the notes, but is no command of ours).
package struct NotesRescue {
    /// What a rescue read.
    package struct Outcome: Sendable, Hashable {
        /// Notes read whole.
        package var notes = 0
        /// Rows of the note table that could not be read.
        package var unreadable = 0

        /// Nothing read yet.
        package init() {}
    }

    /// The database file.
    package let url: URL

    /// Creates a rescue of the database at `url`.
    package init(url: URL) {
        self.url = url
    }

    /// Calls `each` for every note that can be read, in id order.
    ///
    /// - Throws: ``StoreError/corrupt(path:)`` when not even the note table can be found.
    package func callAsFunction(_ each: (Note) throws -> Void) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-rescue-\(UUID().uuidString)")
        try FileManager.default.createPrivateDirectory(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("ghusers.sqlite")
        try FileManager.default.copyItem(at: url, to: copy)
        let wal = URL(fileURLWithPath: url.path + "-wal")
        if FileManager.default.fileExists(atPath: wal.path) {
            try FileManager.default.copyItem(at: wal, to: URL(fileURLWithPath: copy.path + "-wal"))
        }
        var configuration = Configuration()
        configuration.label = "ghusers.rescue"
        let queue: DatabaseQueue
        let last: Int64
        do {
            queue = try DatabaseQueue(path: copy.path, configuration: configuration)
            last = try queue.read { db in try StoreService.Notes.lastRowID(db) }
        } catch {
            throw StoreError.corrupt(path: url.path)
        }
        var outcome = Outcome()
        // Reads ids `from...through` into `outcome`; a damaged page fails the whole read.
        func read(_ from: Int64, _ through: Int64) throws {
            let (notes, unreadable) = try queue.read { db in try StoreService.Notes.rescued(from: from, through: through, db) }
            for note in notes { try each(note) }
            outcome.notes += notes.count
            outcome.unreadable += unreadable
        }
        let window: Int64 = 256
        var start: Int64 = 1
        while start <= last {
            let end = start + window - 1
            do {
                try read(start, end)
            } catch is DatabaseError {
                // One row at a time: only the rows on a damaged page are lost.
                for id in start...end {
                    do { try read(id, id) } catch is DatabaseError { outcome.unreadable += 1 }
                }
            }
            start = end + 1
        }
        return outcome
    }
}
