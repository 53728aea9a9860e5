import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

/// Cancellation (issue #20): a request on the wire is finished and its answer kept; one still
/// queued is dropped; neither is ever reported as a failure.
@Suite("HTTP: cancellation is not a failure")
struct CancellationTests {
    /// Answers every request after `delay`, counting requests started, finished and at once.
    final class SlowTransport: HTTPTransporting {
        let delay: Duration
        let counts = Mutex<(started: Int, finished: Int, inFlight: Int, maxInFlight: Int)>((0, 0, 0, 0))
        init(delay: Duration) { self.delay = delay }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            counts.withLock {
                $0.started += 1
                $0.inFlight += 1
                $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
            }
            defer { counts.withLock { $0.inFlight -= 1 } }
            try await Task.sleep(for: delay)
            counts.withLock { $0.finished += 1 }
            return TransportResponse(status: 200, body: Data("[]".utf8))
        }

        func shutdown() async throws {}
    }

    func client(_ transport: SlowTransport, events: Counter) -> GitHubClient {
        GitHubClient(
            configuration: .init(apiURL: URL(string: "https://api.github.com")!, token: nil), transport: transport,
            queue: RequestQueue(lockFileURL: nil),
            retry: RetryController(onRetry: { _ in events.increment() }))
    }

    /// Polls `condition` every 10 ms until it holds, for at most 30 s (a loaded machine is slow to start a task).
    func wait(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { Issue.record("timed out waiting for \(what)"); return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("a cancelled caller's request on the wire finishes; the queued one is dropped; one request at a time; no retry event")
    func onTheWireFinishes() async throws {
        let transport = SlowTransport(delay: .milliseconds(300))
        let events = Counter()
        let client = client(transport, events: events)
        let first = Task { try await HTTPService.Users.Fetch(client: client)(since: 0, perPage: 30, etag: nil) }
        try await wait("the first request on the wire") { transport.counts.withLock { $0.started } == 1 }
        let queued = Task { try await HTTPService.Users.Fetch(client: client)(since: 30, perPage: 30, etag: nil) }
        first.cancel()
        queued.cancel()
        _ = await first.result
        let queuedResult = await queued.result
        #expect(transport.counts.withLock { $0.finished } == 1, "the request on the wire ran to its end")
        #expect(transport.counts.withLock { $0.started } == 1, "the queued one never went out")
        #expect(throws: CancellationError.self) { try queuedResult.get() }
        #expect(transport.counts.withLock { $0.maxInFlight } == 1)
        #expect(events.value == 0, "a cancellation is no retry and no failure")
    }

    @Test("a failure seen by a cancelled task is rethrown as a cancellation, never retried or reported")
    func cancelledFailureIsNotRetried() async {
        let events = Counter()
        let attempts = Counter()
        let controller = RetryController(sleep: { _ in }, onRetry: { _ in events.increment() })
        let task = Task {
            try await controller.run { _ in
                attempts.increment()
                withUnsafeCurrentTask { $0?.cancel() }
                throw GitHubAPIError.connectionLost("the server closed the connection")
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(attempts.value == 1 && events.value == 0)
    }
}
