import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small tmpfs mounted for one test: a disk that fills up without filling the machine's.
///
/// Mounting needs root (CI runs as root). Where it is not allowed the test says so and is
/// skipped; under `CI=true` that is a failure, so the suite cannot pass by never running.
struct Tmpfs {
    /// The mount point.
    let url: URL

    /// Mounts a tmpfs of `size` (`mount -o size=…`: `96k`, `1m`) at `url`, or at a new folder
    /// in the temporary directory, runs `body`, and unmounts it whatever `body` did.
    static func with<T>(size: String, at url: URL? = nil, _ body: (Tmpfs) async throws -> T) async throws -> T {
        let url = url ?? FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-tmpfs-\(UUID().uuidString.prefix(8))")
        let created = !FileManager.default.fileExists(atPath: url.path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { if created { try? FileManager.default.removeItem(at: url) } }
        let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", url.path])
        guard mounted.status == 0 else {
            let reason = "cannot mount a tmpfs at \(url.path) (\(mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines))): run as root to test a full disk"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("\(reason); under CI a skipped disk-full test is a failure")
                throw HarnessError(reason)
            }
            try Test.cancel(Comment(rawValue: reason))
        }
        let tmpfs = Tmpfs(url: url)
        defer { tmpfs.unmount() }
        return try await body(tmpfs)
    }

    /// Bytes still free.
    var available: Int {
        var info = statvfs()
        guard statvfs(url.path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// The filler file of ``fill(leaving:)``.
    var filler: URL { url.appendingPathComponent("filler") }

    /// Writes a filler file until at most `leaving` bytes are free (0: until the disk is full).
    func fill(leaving: Int = 0) throws {
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HarnessError("cannot create \(filler.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x2E, count: 4_096)
        while available > leaving {
            let wanted = min(block.count, available - leaving)
            guard block.withUnsafeBytes({ write(descriptor, $0.baseAddress, wanted) }) > 0 else { break }
        }
    }

    /// Deletes the filler file: the space is free again.
    func free() throws {
        try FileManager.default.removeItem(at: filler)
    }

    private func unmount() {
        if (try? Self.run("/bin/umount", [url.path]).status) != 0 {
            _ = try? Self.run("/bin/umount", ["-l", url.path])
        }
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }
}
