import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Homes written before sites

extension AppDatabase {
    /// Moves the database of a home written before ghusers kept one database per site
    /// (`<data home>/ghusers.sqlite`) into github.com's folder, with its note drafts and avatars. Those
    /// releases recorded no API root, so the data is github.com's, as the issue that introduced
    /// sites decided. Costs one `stat` when there is nothing to move.
    ///
    /// Crash-safe: under a lock file (`<data home>/sites.lock`), the file is brought up to date
    /// and its site recorded, then taken out of WAL mode (so the one file holds everything),
    /// then renamed — atomic, the last step. Interrupted anywhere before the rename, the file is
    /// still where it was and the next run starts again; after it, the move is done. When
    /// github.com's folder already has a database, the old file is left where it is, untouched.
    ///
    /// - Throws: ``StoreError`` when the old file cannot be opened, is in use by another process
    ///   (an older ghusers), or cannot be moved.
    public static func adoptLegacyDatabase(of paths: GHUsersPaths) throws {
        let legacy = paths.dataHome.appendingPathComponent("ghusers.sqlite")
        var info = stat()
        guard stat(legacy.path, &info) == 0 else { return }
        let target = GHUsersPaths(dataHome: paths.dataHome, cacheHome: paths.cacheHome, site: .gitHubDotCom)
        let lock = FileLock(url: paths.dataHome.appendingPathComponent("sites.lock"))
        try? lock.lockBlocking()
        defer { lock.unlock() }
        let manager = FileManager.default
        guard manager.fileExists(atPath: legacy.path), !manager.fileExists(atPath: target.database.path) else { return }
        do {
            try manager.createPrivateDirectory(at: target.dataDirectory)
        } catch {
            throw StoreError.unusableFolder(path: target.dataDirectory.path)
        }
        let database = try AppDatabase.open(at: legacy)
        do {
            try database.claim(.gitHubDotCom)
        } catch {
            database.close()
            throw error
        }
        database.close()
        do {
            // Checkpoints the WAL into the file and deletes it; refused while another
            // connection has the file open.
            let queue = try DatabaseQueue(path: legacy.path)
            let mode = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE") }
            try queue.close()
            guard mode?.lowercased() == "delete" else { throw StoreError.busy(path: legacy.path) }
        } catch let error as DatabaseError {
            throw StoreError(error, path: legacy.path)
        }
        guard rename(legacy.path, target.database.path) == 0 else { throw StoreError.unusableFolder(path: target.dataDirectory.path) }
        for suffix in ["-wal", "-shm", "-setup.lock"] { unlink(legacy.path + suffix) }
        // Drafts of notes that could not be saved are files a person may still want: moved
        // along; if that fails they stay where they are, whole.
        let drafts = paths.dataHome.appendingPathComponent("drafts", isDirectory: true)
        if manager.fileExists(atPath: drafts.path), !manager.fileExists(atPath: target.drafts.path) {
            _ = rename(drafts.path, target.drafts.path)
        }
        // Avatars are a cache: moved when possible, else fetched again.
        let avatars = paths.cacheHome.appendingPathComponent("avatars", isDirectory: true)
        if manager.fileExists(atPath: avatars.path), (try? manager.createPrivateDirectory(at: target.cacheDirectory)) != nil {
            _ = rename(avatars.path, target.cacheDirectory.appendingPathComponent("avatars", isDirectory: true).path)
        }
    }
}
