import Foundation
import GRDB

/// Why the local database cannot be used.
public enum StoreError: Error, Equatable {
    /// The file was written by a newer ghusers whose schema this one does not know.
    case newerVersion(path: String)
    /// The file is damaged or not a SQLite database.
    case corrupt(path: String)
    /// Another process held the database longer than the busy timeout.
    case busy(path: String)
    /// The database, or its folder, is read-only for this user (a backup, a snapshot, a shared
    /// mount): reading works, this write cannot.
    case readOnly(path: String)
    /// The database is read-only for this user and from an older ghusers: its schema needs an
    /// upgrade, which writes.
    case readOnlyNeedsUpgrade(path: String)
    /// The folder for the database cannot be created or used (a file is in the way, no permission).
    case unusableFolder(path: String)
    /// The disk holding the database is full (`SQLITE_FULL`): SQLite rolled the transaction
    /// back, so what was saved before is intact.
    case diskFull(path: String)
    /// The database holds another GitHub site's data (its recorded API root differs: two roots
    /// that share a folder name, such as `http://` and `https://` of one host).
    case otherSite(path: String, apiRoot: String)
    /// The statement was stopped by ``AppDatabase/interrupt()`` (a search that a newer query
    /// replaced): not a failure to report.
    case interrupted
    /// Any other SQLite failure.
    case sqlite(String)

    init(_ error: DatabaseError, path: String) {
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .corrupt(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path)
        case .SQLITE_FULL: self = .diskFull(path: path)
        case .SQLITE_READONLY: self = .readOnly(path: path)
        case .SQLITE_INTERRUPT: self = .interrupted
        default: self = .sqlite(error.message ?? error.description)
        }
    }
}

extension StoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .newerVersion(let path):
            "the database \(path) was written by a newer ghusers; upgrade ghusers, or use another --home"
        case .corrupt(let path):
            "the database \(path) is damaged or not a ghusers database; it was left untouched: save the notes it still holds with `ghusers notes rescue -o notes.json`, move it aside with its -wal and -shm files (\(path)*), run again to start a new one, then `ghusers notes import notes.json`"
        case .busy(let path):
            "the database \(path) stayed locked by another process (ghusers, or a sqlite3 shell left open on it) for 30 s; try again when it has finished"
        case .readOnly(let path):
            "cannot write \(path): it or its folder is read-only for you, so only reading commands (list, search, profile --offline, notes export, status) work on it; "
                + "make both writable (chmod u+w), or copy the home and pass --home COPY"
        case .readOnlyNeedsUpgrade(let path):
            "\(path) is read-only for you and was written by an older ghusers, whose database this one must upgrade first (a write); "
                + "make it and its folder writable (chmod u+w) for one run, or copy the home and pass --home COPY"
        case .unusableFolder(let path):
            "cannot keep the database in \(path): it is not a folder ghusers can create or write; pass --home (or GHUSERS_HOME) with a writable folder"
        case .diskFull(let path):
            "cannot write the database \(path): the disk is full; nothing of this change was saved and what was saved before is intact: free some space and run again"
        case .otherSite(let path, let apiRoot):
            "the database \(path) holds the data of \(apiRoot), not of this API root; pass --api-url \(apiRoot), or use another --home"
        case .interrupted:
            "a search was stopped for a newer one"
        case .sqlite(let message):
            "the local database failed: \(message)"
        }
    }
}
