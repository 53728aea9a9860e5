import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ghusers database: owns the connection and the schema.
///
/// A file in WAL mode in production (readers never block the one writer), opened as one
/// connection (`DatabaseQueue`) once its schema is current, as a `DatabasePool` to create or
/// migrate it; an
/// in-memory `DatabaseQueue` in unit tests. Other processes that write at the same time are
/// waited for up to 30 s (busy timeout) instead of failing with "database is locked".
/// The tables' owners (``StoreService``) hold every statement; transactions are composed above
/// them, each through ``read(_:)`` or ``write(_:)`` on the database's own executors (see
/// `AppDatabase+Executors`), each write one transaction.
package final class AppDatabase: Sendable {
    /// The connection.
    let writer: any DatabaseWriter
    /// The connection reads go to: the writer's own when it is a pool, in memory or read-only,
    /// else one read-only connection to the file, opened on first read.
    let readers: Lazy<any DatabaseReader>
    /// Writes queued or running on the writer's queue (`AppDatabase+Executors`): while there
    /// is one, reads go to ``readers``.
    let writesQueued = Mutex(0)
    /// The database file's path, as errors name it (the connection's own may be a URI).
    let path: String
    /// Whether the file was opened for reading only (``open(at:)``): every write fails.
    package let isReadOnly: Bool

    /// Wraps `writer` and brings its schema up to date.
    ///
    /// - Throws: ``StoreError`` when the database is from a newer ghusers or is not a database.
    package init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        readers = Self.readers(of: writer)
        path = writer.path
        isReadOnly = false
        do {
            let isCurrent = try writer.read { db in
                if try Self.migrator.hasBeenSuperseded(db) { throw StoreError.newerVersion(path: writer.path) }
                return try Self.migrator.hasCompletedMigrations(db)
            }
            if !isCurrent {
                if let notice = try? writer.read({ try Self.migrationNotice($0) }) {
                    OutputStream.standardError.write("ghusers: \(notice)\n")
                }
                do {
                    try Self.migrator.migrate(writer)
                } catch {
                    // A process without the setup lock (an older ghusers) may have migrated the
                    // file between our check and ours. If the schema is complete now, all is well.
                    guard try writer.read({ try Self.migrator.hasCompletedMigrations($0) }) else { throw error }
                }
            }
        } catch let error as DatabaseError {
            throw StoreError(error, path: writer.path)
        }
    }

    /// Opens (creating if needed, mode 0600) the database file at `url`; one that this user may
    /// not write (``readOnlyCopy(at:configuration:)``) is opened for reading only.
    package static func open(at url: URL) throws -> AppDatabase {
        let folder = url.deletingLastPathComponent()
        if access(url.path, F_OK) == 0, access(url.path, W_OK) != 0 || access(folder.path, W_OK) != 0 {
            return try readOnlyCopy(at: url, configuration: connectionConfiguration())
        }
        do {
            try FileManager.default.createPrivateDirectory(at: folder)
        } catch {
            throw StoreError.unusableFolder(path: folder.path)
        }
        // Created in place, once, by whichever process comes first (O_EXCL; EEXIST is fine):
        // never a temporary file renamed over a database another process may already have open.
        // SQLite gives the -wal and -shm files the mode of the database file: 0600.
        createExclusively(url.path)
        let configuration = connectionConfiguration()
        if let database = openedCurrent(at: url, configuration: configuration) { return database }
        // A new or outdated file: one process at a time sets it up (WAL mode, migrations),
        // holding a lock file beside it. Two at once, a new file still in rollback-journal mode
        // could deadlock (SQLITE_BUSY without waiting) or migrate twice.
        let lock = FileLock(url: URL(fileURLWithPath: url.path + "-setup.lock"))
        try? lock.lockBlocking()  // without the lock file, set up as before: SQLite still guards the data
        defer { lock.unlock() }
        if let database = openedCurrent(at: url, configuration: configuration) { return database }
        do {
            return try AppDatabase(DatabasePool(path: url.path, configuration: configuration))
        } catch let error as DatabaseError {
            throw StoreError(error, path: url.path)
        }
    }

    /// The settings of every connection to a database file.
    private static func connectionConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = busyMode
        configuration.foreignKeysEnabled = true
        configuration.label = "ghusers"
        addFunctions(to: &configuration)
        return configuration
    }

    /// A database file this user may not write, or in a folder it may not write (a backup, a
    /// snapshot, a shared mount), opened for reading: every command that only reads works, and
    /// a write fails with ``StoreError/readOnly(path:)``, which names the file. In WAL mode
    /// SQLite reads it only when its `-shm` and `-wal` files exist or can be made ("WAL-mode
    /// databases are read-only unless", sqlite.org/wal.html, "Read-Only Databases"); without
    /// them, and without a `-wal` holding changes, it is opened `immutable=1`, which nothing
    /// can write anyway. A schema older than this ghusers cannot be upgraded here:
    /// ``StoreError/readOnlyNeedsUpgrade(path:)``.
    private static func readOnlyCopy(at url: URL, configuration: Configuration) throws -> AppDatabase {
        var configuration = configuration
        configuration.readonly = true
        func current(_ path: String) throws -> AppDatabase {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let (superseded, complete) = try queue.read { db in
                (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
            }
            if superseded { throw StoreError.newerVersion(path: url.path) }
            guard complete else { throw StoreError.readOnlyNeedsUpgrade(path: url.path) }
            return AppDatabase(current: queue, path: url.path, readOnly: true)
        }
        do {
            return try current(url.path)
        } catch let error as DatabaseError {
            var wal = stat()
            let walHoldsChanges = stat(url.path + "-wal", &wal) == 0 && wal.st_size > 0
            guard !walHoldsChanges else { throw StoreError(error, path: url.path) }
            do {
                let encoded = url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url.path
                return try current("file:\(encoded)?immutable=1")
            } catch let error as DatabaseError {
                throw StoreError(error, path: url.path)
            }
        }
    }

    /// The fast path of ``open(at:)`` for a database that is up to date (every command but the
    /// first): one connection (`DatabaseQueue`), opened without writing. Opening a `DatabasePool`
    /// writes (GRDB creates and drops a table so that the -wal file exists), which costs the
    /// closing checkpoint's fsyncs on every command, reads included (Docs/BENCHMARKS.md). A
    /// command runs its statements one after another, and other processes still read while one
    /// writes (the file is in WAL mode). `nil` when the file is new, needs a migration or cannot
    /// be checked: then the pool creates, migrates or reports the error as before.
    private static func openedCurrent(at url: URL, configuration: Configuration) -> AppDatabase? {
        // stat(2), not FileManager.attributesOfItem: that one also looks up the owner's user and
        // group names (NSS: /etc/passwd, nscd) and casts an `Any`, about 0.4 ms of every command.
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_size > 0 else { return nil }
        var configuration = configuration
        // What GRDB sets for a pool in WAL mode: no fsync per commit.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration),
            (try? queue.read({ try !migrator.hasBeenSuperseded($0) && migrator.hasCompletedMigrations($0) })) == true
        else { return nil }
        return AppDatabase(current: queue)
    }

    /// Wraps a connection whose schema was just found up to date; `path` is the file's when the
    /// connection's is a URI, and `readOnly` when it was opened so.
    init(current writer: any DatabaseWriter, path: String? = nil, readOnly: Bool = false) {
        self.writer = writer
        readers = Self.readers(of: writer)
        self.path = path ?? writer.path
        isReadOnly = readOnly
    }

    /// An empty in-memory database, for tests.
    package static func inMemory() throws -> AppDatabase {
        var configuration = Configuration()
        addFunctions(to: &configuration)
        return try AppDatabase(DatabaseQueue(configuration: configuration))
    }

    /// Closes the connection now rather than when the last reference goes. A failure (a
    /// statement still running) is ignored: SQLite then recovers the WAL at the next open.
    package func close() {
        if let readers = readers.ifMade, readers !== writer { try? readers.close() }
        try? writer.close()
    }
}

/// Creates an empty file with mode 0600 unless one exists (`O_CREAT | O_EXCL`; `EEXIST` is
/// fine), out of reach of ``AppDatabase``'s `open`.
private func createExclusively(_ path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
}
