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
    /// releases recorded no API root, so the data is taken to be github.com's, the default site.
    /// Costs one `stat` when there is nothing to move.
    ///
    /// Crash-safe: under a lock file (`<data home>/sites.lock`), the file is brought up to date
    /// and its site recorded, then taken out of WAL mode (so the one file holds everything),
    /// then renamed — atomic, the last step. Interrupted anywhere before the rename, the file is
    /// still where it was and the next run starts again; after it, the move is done. When
    /// github.com's folder already has a database, the old file is left where it is, untouched.
    ///
    /// - Throws: ``StoreError`` when the old file cannot be opened, is in use by another process
    ///   (an older ghusers), or cannot be moved.
    package static func adoptLegacyDatabase(of paths: GHUsersPaths) throws {
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

    /// Moves the folders of a GHE.com tenant that ghusers kept under the wrong API root
    /// (`https://TENANT.ghe.com/api/v3`, from `GH_HOST=TENANT.ghe.com` before ghusers knew
    /// GHE.com) to the tenant's own (`https://api.TENANT.ghe.com`), so that no note is lost;
    /// ``claim(_:)`` then records the right root in the file. One rename of the whole data
    /// folder (database, WAL, lock files, drafts: atomic), then of the cache folder (a cache:
    /// fetched again if it cannot move). Nothing moves when the tenant's folder has a database
    /// already. Costs one `stat` for a GHE.com site, nothing for others.
    package static func adoptFormerGHEComFolder(of paths: GHUsersPaths) throws {
        guard let former = paths.site?.formerGHEComSite else { return }
        let old = GHUsersPaths(dataHome: paths.dataHome, cacheHome: paths.cacheHome, site: former)
        var info = stat()
        guard stat(old.database.path, &info) == 0 else { return }
        let lock = FileLock(url: paths.dataHome.appendingPathComponent("sites.lock"))
        try? lock.lockBlocking()
        defer { lock.unlock() }
        let manager = FileManager.default
        guard manager.fileExists(atPath: old.database.path), !manager.fileExists(atPath: paths.database.path) else { return }
        // An empty folder of the tenant (a lock file made before) gives way.
        if manager.fileExists(atPath: paths.dataDirectory.path) {
            let entries = (try? manager.contentsOfDirectory(atPath: paths.dataDirectory.path)) ?? []
            for entry in entries where entry.hasSuffix(".lock") { unlink(paths.dataDirectory.appendingPathComponent(entry).path) }
            rmdir(paths.dataDirectory.path)
        }
        guard rename(old.dataDirectory.path, paths.dataDirectory.path) == 0 else {
            throw StoreError.unusableFolder(path: paths.dataDirectory.path)
        }
        if manager.fileExists(atPath: old.cacheDirectory.path), !manager.fileExists(atPath: paths.cacheDirectory.path) {
            _ = rename(old.cacheDirectory.path, paths.cacheDirectory.path)
        }
    }
}
