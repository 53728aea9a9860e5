import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that readers see the old file or the whole new one, never a part, and a
/// failed write (a full disk) leaves the old one in place and says so.
///
/// The bytes stream into a new temporary file beside the target (a random name, created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0600), which is `fsync`ed, renamed over the target, and
/// the folder `fsync`ed so that the rename survives a crash. Used by `notes export -o` and the
/// avatar disk cache.
package enum AtomicFile {
    /// A write that did not happen: the file and the reason (`No space left on device`).
    package struct WriteError: LocalizedError, Equatable {
        package var path: String
        package var code: Int32

        /// An error for `path` with the `errno` `code`.
        package init(path: String, code: Int32) {
            self.path = path
            self.code = code
        }

        package var errorDescription: String? { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes what `body` writes to `url`, atomically.
    ///
    /// - Throws: ``WriteError`` (the target untouched, the temporary file removed), or what
    ///   `body` throws.
    package static func write(to url: URL, temporaryPrefix: String = ".tmp-", _ body: (OutputStream) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(path: url.path, code: errno) }
        var closed = false
        do {
            let stream = OutputStream(fileDescriptor: descriptor)
            try body(stream)
            stream.flush()
            if let code = stream.failure { throw WriteError(path: url.path, code: code) }
            guard fsync(descriptor) == 0 else { throw WriteError(path: url.path, code: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw WriteError(path: url.path, code: errno) }
            guard rename(temporary.path, url.path) == 0 else { throw WriteError(path: url.path, code: errno) }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary.path)
            throw error
        }
        syncFolder(folder)
    }

    /// Writes `data` to `url`, atomically (see ``write(to:temporaryPrefix:_:)``).
    package static func write(_ data: Data, to url: URL, temporaryPrefix: String = ".tmp-") throws {
        try write(to: url, temporaryPrefix: temporaryPrefix) { stream in stream.write(bytes: Array(data)) }
    }

    /// `fsync`s a folder, so that a rename in it is on disk.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
