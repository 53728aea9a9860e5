import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

/// Cancellation (issue #20): a request on the wire is finished; one still queued is dropped;
/// neither is retried or reported as a failure; the next request waits for the one on the wire.
@Suite("HTTP: cancellation is not a failure")
struct CancellationTests {
    /// Answers every request after `delay` (the first one with a timeout when `failFirst`),
    /// logging when each starts and ends.
    final class SlowTransport: HTTPTransporting {
        let delay: Duration
        let failFirst: Bool
        let log = Mutex<[String]>([])
        init(delay: Duration, failFirst: Bool) {
            self.delay = delay
            self.failFirst = failFirst
        }

        var started: Int { log.withLock { $0.filter { $0.hasPrefix("start") }.count } }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let number = log.withLock { log in
                let number = log.filter { $0.hasPrefix("start") }.count + 1
                log.append("start\(number)")
                return number
            }
            try await Task.sleep(for: delay)
            log.withLock { $0.append("end\(number)") }
            if failFirst && number == 1 { throw TransportError.timedOut }
            return TransportResponse(status: 200, body: Data("[]".utf8))
        }

        func shutdown() async throws {}
    }

    func client(_ transport: SlowTransport, events: Counter) -> GitHubClient {
        GitHubClient(
            configuration: .init(apiURL: URL(string: "https://api.github.com")!, token: nil), transport: transport,
            queue: RequestQueue(lockFileURL: nil),
            retry: RetryController(sleep: { _ in }, onRetry: { _ in events.increment() }))
    }

    func fetch(_ client: GitHubClient, since: Int64) async throws -> HTTPService.Users.Fetch.Result {
        try await HTTPService.Users.Fetch(client: client)(since: since, perPage: 30, etag: nil)
    }

    /// Polls `condition` every 10 ms until it holds, for at most 30 s (a loaded machine is slow
    /// to start a task).
    func wait(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { Issue.record("timed out waiting for \(what)"); return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("a cancelled request on the wire finishes before the next starts; its failure is not retried or reported; a queued one never goes out")
    func onTheWireFinishes() async throws {
        // At high priority: its tasks, and its own wake-ups, go ahead of the jobs of the
        // hundreds of tests running beside it on the cooperative pool (two threads on two cores,
        // a FIFO per priority), which at default priority kept the first request from starting
        // for over 30 s on a busy machine.
        try await Task(priority: .high) { try await onTheWireFinishesInOrder() }.value
    }

    private func onTheWireFinishesInOrder() async throws {
        let transport = SlowTransport(delay: .milliseconds(300), failFirst: true)
        let events = Counter()
        let client = client(transport, events: events)
        let first = Task { try await fetch(client, since: 0) }
        try await wait("the first request on the wire") { transport.started == 1 }
        let queued = Task { try await fetch(client, since: 10) }
        first.cancel()  // the pane moved on
        queued.cancel()  // scrolled away while waiting
        let next = Task { try await fetch(client, since: 20) }  // the newly selected user
        #expect(await queued.result.isCancellation)
        _ = try await next.value
        _ = await first.result
        #expect(transport.log.withLock { $0 } == ["start1", "end1", "start2", "end2"], "one at a time; the queued one never sent")
        #expect(events.value == 0, "the cancelled request's timeout is neither retried nor reported")
    }

    @Test("a failure seen by a cancelled task is rethrown as it is, never retried or reported")
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
        await #expect(throws: GitHubAPIError.connectionLost("the server closed the connection")) { try await task.value }
        #expect(attempts.value == 1 && events.value == 0)
    }
}

extension Result {
    /// Whether this is a `CancellationError`.
    fileprivate var isCancellation: Bool {
        if case .failure(let error) = self { return error is CancellationError }
        return false
    }
}
