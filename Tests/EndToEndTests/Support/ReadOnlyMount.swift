import Foundation
import Testing

/// A folder seen through a read-only bind mount: what a backup, a snapshot or a shared mount
/// is to ghusers. Writes fail with `EROFS` even for root (CI runs as root, for whom file modes
/// do not stop a write).
///
/// Mounting needs root. Where it is not allowed the test says so and is skipped; under
/// `CI=true` that is a failure, so the suite cannot pass by never running it.
enum ReadOnlyMount {
    /// Mounts `source` read-only at a new folder, runs `body` with it, and unmounts it.
    static func with<T>(_ source: URL, _ body: (URL) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-ro-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let bound = try run("/bin/mount", ["--bind", source.path, url.path])
        guard bound == 0, try run("/bin/mount", ["-o", "remount,ro,bind", url.path]) == 0 else {
            if bound == 0 { _ = try? run("/bin/umount", [url.path]) }
            let reason = "cannot bind-mount \(source.path) read-only: run as root to test a read-only home"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("\(reason); under CI a skipped read-only test is a failure")
                throw HarnessError(reason)
            }
            try Test.cancel(Comment(rawValue: reason))
        }
        defer { if (try? run("/bin/umount", [url.path])) != 0 { _ = try? run("/bin/umount", ["-l", url.path]) } }
        return try await body(url)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
