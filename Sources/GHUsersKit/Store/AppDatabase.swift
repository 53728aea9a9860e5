import Foundation
import GRDB

/// The ghusers database: owns the connection and the schema.
///
/// A `DatabasePool` in WAL mode in production (readers never block the one writer), an
/// in-memory `DatabaseQueue` in unit tests. Other processes that write at the same time are
/// waited for up to 30 s (busy timeout) instead of failing with "database is locked".
/// ``StoreService`` operations are the only code that runs SQL, each through ``read(_:)`` or
/// ``write(_:)``, each write one transaction.
public final class AppDatabase: Sendable {
    /// The connection.
    let writer: any DatabaseWriter

    /// Wraps `writer` and brings its schema up to date.
    ///
    /// - Throws: ``StoreError`` when the database is from a newer ghusers or is not a database.
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        do {
            let isCurrent = try writer.read { db in
                if try Self.migrator.hasBeenSuperseded(db) { throw StoreError.newerVersion(path: writer.path) }
                return try Self.migrator.hasCompletedMigrations(db)
            }
            if !isCurrent {
                do {
                    try Self.migrator.migrate(writer)
                } catch {
                    // Two processes may open a new file at once: the other one's migration can
                    // commit between our check and ours. If the schema is complete now, all is well.
                    guard try writer.read({ try Self.migrator.hasCompletedMigrations($0) }) else { throw error }
                }
            }
        } catch let error as DatabaseError {
            throw StoreError(error, path: writer.path)
        }
    }

    /// Opens (creating if needed, mode 0600) the database file at `url`.
    public static func open(at url: URL) throws -> AppDatabase {
        try FileManager.default.createPrivateDirectory(at: url.deletingLastPathComponent())
        if !FileManager.default.fileExists(atPath: url.path) {
            // SQLite gives the -wal and -shm files the mode of the database file.
            _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.foreignKeysEnabled = true
        configuration.label = "ghusers"
        do {
            return try AppDatabase(DatabasePool(path: url.path, configuration: configuration))
        } catch let error as DatabaseError {
            throw StoreError(error, path: url.path)
        }
    }

    /// An empty in-memory database, for tests.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue())
    }

    /// Runs `body` in a read-only transaction (a consistent snapshot).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch let error as DatabaseError {
            throw StoreError(error, path: writer.path)
        }
    }

    /// Runs `body` in one write transaction: all of it is saved, or none.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.write(body)
        } catch let error as DatabaseError {
            throw StoreError(error, path: writer.path)
        }
    }
}
