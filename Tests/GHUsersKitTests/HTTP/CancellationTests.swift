import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

/// Cancellation: a request on the wire is finished; one still queued is dropped;
/// neither is retried or reported as a failure; the next request waits for the one on the wire.
@Suite("HTTP: cancellation is not a failure")
struct CancellationTests {
    /// Holds the first request on the wire until ``finishFirst()`` (then it times out), answers
    /// the others at once, and logs when each starts and ends. Nothing here waits on a clock:
    /// the test moves on at events, so a pool busy with other tests only makes it slower.
    final class GatedTransport: HTTPTransporting {
        let log = Mutex<[String]>([])
        let (starts, started) = AsyncStream.makeStream(of: Int.self)
        let (gate, opened) = AsyncStream.makeStream(of: Void.self)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let number = log.withLock { log in
                let number = log.filter { $0.hasPrefix("start") }.count + 1
                log.append("start\(number)")
                return number
            }
            started.yield(number)
            if number == 1 {
                for await _ in gate { break }
            }
            log.withLock { $0.append("end\(number)") }
            if number == 1 { throw TransportError.timedOut }
            return TransportResponse(status: 200, body: Data("[]".utf8))
        }

        /// Returns once request `number` is on the wire.
        func waitForStart(_ number: Int) async {
            for await started in starts where started == number { return }
        }

        func finishFirst() { opened.yield() }

        func shutdown() async throws {}
    }

    func client(_ transport: GatedTransport, queue: RequestQueue, events: Counter) -> GitHubClient {
        GitHubClient(
            configuration: .init(apiURL: URL(string: "https://api.github.com")!, token: nil), transport: transport,
            queue: queue, retry: RetryController(sleep: { _ in }, onRetry: { _ in events.increment() }))
    }

    func fetch(_ client: GitHubClient, since: Int64) async throws -> HTTPService.Users.Fetch.Result {
        try await HTTPService.Users.Fetch(client: client)(since: since, perPage: 30, etag: nil)
    }

    /// Returns once `count` requests wait in `queue` (bounded by the test's time limit).
    func waitForWaiters(_ queue: RequestQueue, _ count: Int) async {
        await eventually { await queue.waiting == count }
    }

    // Every step waits for an event, never for a deadline: Swift Testing starts the suite's
    // tests together on the cooperative pool, two threads here, and a synchronous test (a
    // property test, SQLite at scale) holds its thread until it returns, whatever the
    // priorities; on a machine busy with a second build a task can wait over 30 s to start,
    // which a deadline would take for a failure. The time limit only catches a real hang.
    @Test(
        "a cancelled request on the wire finishes before the next starts; its failure is not retried or reported; a queued one never goes out",
        .timeLimit(.minutes(3)))
    func onTheWireFinishes() async throws {
        let transport = GatedTransport()
        let queue = RequestQueue(lockFileURL: nil)
        let events = Counter()
        let client = client(transport, queue: queue, events: events)
        let first = Task { try await fetch(client, since: 0) }
        await transport.waitForStart(1)
        let queued = Task { try await fetch(client, since: 10) }
        await waitForWaiters(queue, 1)
        first.cancel()  // the pane moved on
        queued.cancel()  // scrolled away while waiting
        #expect(await queued.result.isCancellation)
        let next = Task { try await fetch(client, since: 20) }  // the newly selected user
        await waitForWaiters(queue, 1)  // behind the request on the wire
        transport.finishFirst()
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
