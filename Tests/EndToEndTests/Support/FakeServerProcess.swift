import Foundation
import GitHubFake
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// github-fake as a process of its own, one per test (the executable built beside the tests,
/// started with the test's ``FakeConfiguration`` as JSON): no test shares a fake, and no fake
/// shares the test process's two-thread cooperative pool or its sockets. Its state is read and
/// changed over HTTP (`GET /_fake/stats`, `POST /_fake/command`), with the names
/// ``GitHubFakeServer`` has in process.
///
/// Stopping is SIGKILL: the kernel closes the listener at once, so connecting is refused from
/// then on, with no graceful shutdown to wait for. Refusing for a while is the same, then a
/// restart on the same port; the restarted fake has the same users, and fresh counters.
final class FakeServerProcess: Sendable {
    let configuration: FakeConfiguration
    private let state = Mutex(State())

    private struct State {
        var process: Process?
        var port = 0
        var avatarBaseURL: String?
        var restart: Task<Void, Never>?
    }

    /// Starts a fake with `configuration` on a free port.
    init(configuration: FakeConfiguration) async throws {
        self.configuration = configuration
        try await launch(port: 0)
    }

    var port: Int { state.withLock { $0.port } }
    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Where avatars are served with ``FakeConfiguration/separateAvatarHost``.
    var avatarBaseURL: String? { state.withLock { $0.avatarBaseURL } }

    /// Kills the fake (SIGKILL) and waits for it: connecting is refused from then on. A restart
    /// that ``refuseConnections(for:)`` scheduled is cancelled.
    func stop() async {
        state.withLock { $0.restart?.cancel() }
        kill()
    }

    /// The ports of killed fakes that may start again on them. A new fake binds a random port
    /// (20000-31999, below the ephemeral range), so one started meanwhile by another test could
    /// take a held port; it is started again elsewhere (``launch(port:)``).
    private static let heldPorts = Mutex(Set<Int>())

    /// Kills the fake and waits for it to end; its port is held (`hold`) until it starts again
    /// on it.
    func kill(hold: Bool = true) {
        guard let process = state.withLock({ state -> Process? in defer { state.process = nil }; return state.process }) else { return }
        let port = self.port
        if hold { Self.heldPorts.withLock { _ = $0.insert(port) } }  // before the port is free
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Starts the fake again on its port.
    func restart() async throws {
        try await launch(port: port)
    }

    /// Refuses connections for `duration` (the fake is killed), then serves again on the same
    /// port with a fresh state.
    func refuseConnections(for duration: Duration) async throws {
        kill()
        let task = Task {
            try? await Task.sleep(for: duration)
            guard !Task.isCancelled else { return }
            do { try await self.restart() } catch { Issue.record("github-fake did not start again: \(error)") }
        }
        state.withLock { $0.restart = task }
    }

    /// Whether the fake runs (it does not between ``kill()`` and a restart).
    var isRunning: Bool { state.withLock { $0.process != nil } }

    /// The counters and the request log; none while the fake is killed (every connection is
    /// refused, so it sees nothing, and a restarted fake counts from zero).
    func stats() async -> FakeStats {
        guard isRunning else { return FakeStats() }
        do {
            let (data, _) = try await URLSession.shared.data(from: URL(string: baseURL + "/_fake/stats")!)
            return try JSONDecoder().decode(FakeStats.self, from: data)
        } catch {
            Issue.record("github-fake's stats cannot be read: \(error)")
            return FakeStats()
        }
    }

    /// Carries out `command` in the fake (``GitHubFakeServer/apply(_:)``). Resetting a killed
    /// fake does nothing (it starts again fresh); any other change to it is a mistake of the test.
    func apply(_ command: FakeCommand) async {
        guard isRunning else {
            if command != .reset && command != .resetStats { Issue.record("github-fake is not running: \(command) cannot be applied") }
            return
        }
        var request = URLRequest(url: URL(string: baseURL + "/_fake/command")!)
        request.httpMethod = "POST"
        do {
            request.httpBody = try JSONEncoder().encode(command)
            let (_, response) = try await URLSession.shared.data(for: request)
            if (response as? HTTPURLResponse)?.statusCode != 200 { Issue.record("github-fake refused \(command): \(response)") }
        } catch {
            Issue.record("github-fake did not take \(command): \(error)")
        }
    }

    func inject(_ fault: Fault, count: Int = 1) async { await apply(.inject(fault, count: count)) }
    func inject(_ fault: GraphQLFault, count: Int = 1) async { await apply(.injectGraphQL(fault, count: count)) }
    func resetStats() async { await apply(.resetStats) }
    func reset() async { await apply(.reset) }
    func renameUser(id: Int, to login: String) async { await apply(.rename(id: id, login: login)) }
    func deleteUser(id: Int) async { await apply(.delete(id: id)) }
    func restoreUser(id: Int) async { await apply(.restore(id: id)) }
    func setName(login: String, to name: String?) async { await apply(.setProfileText(login: login, field: .name, value: name)) }
    func setProfileText(login: String, field: ProfileTextField, to value: String?) async {
        await apply(.setProfileText(login: login, field: field, value: value))
    }
    func advanceAvatarTokenClock(by duration: Duration) async { await apply(.advanceAvatarTokenClock(seconds: Int(duration.components.seconds))) }

    /// Starts the fake on `port` (0: any free one but a held one).
    private func launch(port: Int) async throws {
        try await start(port: port)
        guard port == 0 else {
            Self.heldPorts.withLock { _ = $0.remove(port) }  // its own port, in use again
            return
        }
        for _ in 0..<8 {
            let bound = self.port
            guard Self.heldPorts.withLock({ $0.contains(bound) }) else { return }
            kill(hold: false)  // the port stays the other fake's
            try await start(port: 0)
        }
        throw HarnessError("github-fake bound only ports held for other fakes")
    }

    private func start(port: Int) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("github-fake-\(UUID().uuidString).json")
        try JSONEncoder().encode(configuration).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = GHUsersProcess.productsDirectory.appendingPathComponent("github-fake")
        process.arguments = ["--configuration", file.path, "--port", String(port)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        state.withLock { $0.process = process }
        // "github-fake listening on http://127.0.0.1:PORT" once it listens (and "github-fake
        // avatars on …" with a separate avatar host). Read on a thread of its own, and whatever
        // it prints later too (so that it never blocks on a full pipe): a blocking read on the
        // cooperative pool (two threads on a two-core machine) would hold one of them for the
        // fake's whole life.
        let lines = configuration.separateAvatarHost ? 2 : 1
        let handle = output.fileHandleForReading
        let text = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            Thread {
                var text = ""
                while text.filter({ $0 == "\n" }).count < lines {
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
        let urls = text.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        guard let bound = urls.first.flatMap({ URLComponents(string: $0)?.port }) else {
            throw HarnessError("github-fake said: \(text)")
        }
        state.withLock {
            $0.port = bound
            $0.avatarBaseURL = urls.count > 1 ? urls[1] : nil
        }
    }

    deinit {
        kill(hold: false)
        let port = self.port
        Self.heldPorts.withLock { _ = $0.remove(port) }
    }
}
