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
        let file = try Temporary(for: url, prefix: temporaryPrefix)
        do {
            try body(file.stream)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// ``write(to:temporaryPrefix:_:)`` for a `body` that awaits (rows streamed from the
    /// database's executor).
    package static func write(to url: URL, temporaryPrefix: String = ".tmp-", _ body: (OutputStream) async throws -> Void) async throws {
        let file = try Temporary(for: url, prefix: temporaryPrefix)
        do {
            try await body(file.stream)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// A temporary file beside the target, mode 0600, renamed over it once complete.
    private struct Temporary {
        let url: URL
        let path: String
        let descriptor: Int32
        let stream: OutputStream

        init(for url: URL, prefix: String) throws {
            self.url = url
            path = url.deletingLastPathComponent().appendingPathComponent(prefix + UUID().uuidString).path
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw WriteError(path: url.path, code: errno) }
            stream = OutputStream(fileDescriptor: descriptor)
        }

        /// Flushes, checks every write, `fsync`s, and renames the file over the target, then
        /// `fsync`s the folder; on a failure, removes the temporary file.
        func commit() throws {
            var closed = false
            do {
                stream.flush()
                if let code = stream.failure { throw WriteError(path: url.path, code: code) }
                guard fsync(descriptor) == 0 else { throw WriteError(path: url.path, code: errno) }
                closed = true
                guard close(descriptor) == 0 else { throw WriteError(path: url.path, code: errno) }
                guard rename(path, url.path) == 0 else { throw WriteError(path: url.path, code: errno) }
            } catch {
                if !closed { close(descriptor) }
                unlink(path)
                throw error
            }
            syncFolder(url.deletingLastPathComponent())
        }

        /// Closes and removes the temporary file: the target stays as it was.
        func discard() {
            close(descriptor)
            unlink(path)
        }
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
