import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A site's data folder, held open by the process that uses it, so that a folder made for
/// nothing (a mistyped `--api-url`, `search` on a site never fetched) is removed at the end.
///
/// Every ``CombinedService`` holds a shared `flock` on the folder itself (a directory can be
/// locked like a file) from its start to its ``release(removingIf:)``. The process that created
/// the folder removes it at the end when it can take the lock exclusively (no other process is
/// using the site) and the database holds no data (``AppDatabase/holdsData()``). A process
/// that starts meanwhile waits for that lock, then sees that the folder it locked is gone
/// (another inode, or none, at the path) and makes it again. Nothing is removed that another
/// process wrote: it wrote under the shared lock, and the check is made under the exclusive one.
package final class SiteFolder: Sendable {
    /// The folder.
    package let url: URL
    /// Whether this process made the folder.
    package let created: Bool
    private let descriptor: Int32

    /// The files a site's folder holds before anything is written: the database and its
    /// companions, and the lock files. Anything else (drafts) keeps the folder.
    static let setupFiles = ["ghusers.sqlite", "ghusers.sqlite-wal", "ghusers.sqlite-shm", "ghusers.sqlite-setup.lock", "network.lock"]

    /// Makes the folder if needed (mode 0700, with its parents) and holds it shared.
    ///
    /// - Throws: ``StoreError/unusableFolder(path:)`` when it cannot be made or opened.
    package init(url: URL) throws {
        self.url = url
        while true {
            var made = false
            if mkdir(url.path, 0o700) == 0 {
                made = true
            } else if errno == ENOENT {
                do {
                    try FileManager.default.createPrivateDirectory(at: url.deletingLastPathComponent())
                } catch {
                    throw StoreError.unusableFolder(path: url.path)
                }
                continue
            } else if errno != EEXIST {
                throw StoreError.unusableFolder(path: url.path)
            }
            let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else {
                if errno == ENOENT { continue }  // removed by its creator between mkdir and open
                throw StoreError.unusableFolder(path: url.path)
            }
            var locked = flock(fd, LOCK_SH) == 0
            while !locked && errno == EINTR { locked = flock(fd, LOCK_SH) == 0 }
            // The folder locked must still be the one at the path: its creator may have removed
            // it while this process waited for the lock.
            if Self.isAtPath(fd, url) {
                self.descriptor = fd
                // Without the lock (a file system that has none), never removed.
                self.created = made && locked
                return
            }
            close(fd)
        }
    }

    /// Whether the folder may be removed: this process made it and, taking the lock
    /// exclusively, finds no other process holding it. Ask it at the end, then look at the
    /// database (still open), close it, and ``release(removing:)``.
    ///
    /// The shared lock is let go first and the exclusive one then tried (`flock(2)` converts a
    /// lock that way anyway, not atomically). Another process may take the shared lock in
    /// between: then the exclusive one fails and nothing is removed. One that asks after it
    /// succeeded waits, and finds the folder gone or kept.
    package func isOnlyHolderOfFolderItMade() -> Bool {
        guard created else { return false }
        flock(descriptor, LOCK_UN)
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Lets the folder go; with `removing` (after ``isOnlyHolderOfFolderItMade()``, with the
    /// database closed), deletes the setup files and removes the folder, which a file of any
    /// other name keeps, and `sites/` if that leaves it empty. Nothing is deleted unless the
    /// folder at the path is still the one held (`rm -rf` and another process may have put a
    /// new one there), and files go through the held descriptor (`unlinkat`), never by path.
    package func release(removing: Bool) {
        if removing, Self.isAtPath(descriptor, url) {
            for name in Self.setupFiles { unlinkat(descriptor, name, 0) }
            // `sites/` too when it is left empty; a process making a folder in it meanwhile
            // makes it again (``init(url:)``).
            if rmdir(url.path) == 0 { rmdir(url.deletingLastPathComponent().path) }
        }
        close(descriptor)
    }

    /// Whether the folder open as `descriptor` is the one at `url` (same device and inode).
    private static func isAtPath(_ descriptor: Int32, _ url: URL) -> Bool {
        var held = stat()
        var current = stat()
        return fstat(descriptor, &held) == 0 && stat(url.path, &current) == 0 && held.st_ino == current.st_ino && held.st_dev == current.st_dev
    }
}
