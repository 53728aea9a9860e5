import Foundation

/// github-fake as a process of its own (the executable built beside the tests): killed, so that
/// the kernel closes its listener at once and connecting is refused, then started again on the
/// same port. The in-process fake's `refuseConnections` shuts its listener down gracefully,
/// which a client that keeps connecting can hold up.
final class FakeProcess: @unchecked Sendable {
    private(set) var port = 0
    private let users: Int
    private var process: Process?

    var apiURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a fake serving `users` users on a free port.
    init(users: Int) async throws {
        self.users = users
        try await launch(port: 0)
    }

    /// Kills the fake (SIGKILL) and waits for it: connecting is refused from then on.
    func kill() {
        guard let process else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Starts the fake again on its port.
    func restart() async throws {
        try await launch(port: port)
    }

    private func launch(port: Int) async throws {
        let process = Process()
        process.executableURL = GHUsersProcess.productsDirectory.appendingPathComponent("github-fake")
        // Without a token, as ghusers runs here: the budget tests had before the fake gave such requests GitHub's 60.
        process.arguments = ["--port", String(port), "--users", String(users), "--anonymous-rate-limit", "5000"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // "github-fake listening on http://127.0.0.1:PORT", printed once it listens. Read on a
        // thread of its own, and whatever it prints later too (so that it never blocks on a full
        // pipe): a blocking read on the cooperative pool (two threads on a two-core machine)
        // would hold one of them for the fake's whole life and starve every other test.
        let handle = output.fileHandleForReading
        let line = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            Thread {
                var text = ""
                while !text.contains("\n") {
                    let data = handle.availableData
                    if data.isEmpty {
                        continuation.resume(throwing: HarnessError("github-fake ended before listening: \(text)"))
                        return
                    }
                    text += String(decoding: data, as: UTF8.self)
                }
                continuation.resume(returning: text)
                while !handle.availableData.isEmpty {}
            }.start()
        }
        guard let bound = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw HarnessError("github-fake said: \(line)")
        }
        self.port = bound
    }

    deinit {
        kill()
    }
}
