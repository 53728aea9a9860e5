import Foundation
import ArgumentParser
import GHUsersKit

/// Writes a file so that readers see the old file or the whole new one, never a part:
/// a temporary file (mode 0600) in the same folder, then `rename(2)`.
enum AtomicFile {
    static func write(to url: URL, _ body: (GHUsersKit.OutputStream) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ValidationError("Cannot write \(url.path); check the folder exists and is writable.") }
        do {
            let stream = GHUsersKit.OutputStream(fileDescriptor: descriptor)
            try body(stream)
            stream.flush()
            guard fsync(descriptor) == 0 else { throw CocoaError(.fileWriteUnknown) }
            close(descriptor)
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
    }
}
