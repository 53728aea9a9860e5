import GRDB

extension AppDatabase {
    /// A second connection to the same file, read-only: what `browse` searches and watches the
    /// file with, so that a long search scan never holds up the main connection's writes (a
    /// page save, a note) and can be interrupted without touching them. `nil` for an in-memory
    /// database (tests), which no second connection can see.
    package func reader() -> AppDatabase? {
        let path = writer.path
        guard !path.isEmpty, path != ":memory:" else { return nil }
        guard let queue = try? DatabaseQueue(path: path, configuration: Self.readerConfiguration(label: "ghusers.reader")) else { return nil }
        return AppDatabase(current: queue)
    }

    /// Stops the statement running on this connection, from any thread: it fails with
    /// `SQLITE_INTERRUPT` (a stale search's scan).
    package func interrupt() {
        writer.interrupt()
    }

    /// SQLite's `PRAGMA data_version`: a number that changes when another connection (another
    /// process, or this process's main connection) commits. Polling it costs microseconds.
    package func dataVersion() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
