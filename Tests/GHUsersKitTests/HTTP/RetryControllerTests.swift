import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("Retry controller with an injected clock")
struct RetryControllerTests {
    /// Records every sleep instead of sleeping.
    final class Recorder: Sendable {
        let sleeps = Mutex<[Duration]>([])
        let events = Mutex<[Int]>([])
    }

    func controller(_ recorder: Recorder, policy: RetryPolicy = RetryPolicy()) -> RetryController {
        RetryController(
            policy: policy, now: { Date(timeIntervalSince1970: 0) }, jitter: { 0 },
            sleep: { duration in recorder.sleeps.withLock { $0.append(duration) } },
            onRetry: { event in recorder.events.withLock { $0.append(event.attempt) } })
    }

    @Test("two 503s then success: three attempts, two backoff sleeps of 0.25 s and 0.5 s")
    func recoversAfterServerErrors() async throws {
        let recorder = Recorder()
        let attempts = Mutex(0)
        let value = try await controller(recorder).run { attempt -> String in
            attempts.withLock { $0 = attempt }
            if attempt < 3 { throw GitHubAPIError.server(status: 503, retryAfter: nil) }
            return "ok"
        }
        #expect(value == "ok")
        #expect(attempts.withLock { $0 } == 3)
        #expect(recorder.sleeps.withLock { $0 } == [.milliseconds(250), .milliseconds(500)])
        #expect(recorder.events.withLock { $0 } == [1, 2])
    }

    @Test("waiting for the network: ten refused tries, then a cut answer is still tried again, and five cut answers in a row fail")
    func cutAnswersAfterAnOutage() async throws {
        var waiting = RetryPolicy()
        waiting.waitsForNetwork = true
        let value = try await controller(Recorder(), policy: waiting).run { attempt -> Int in
            if attempt <= 10 { throw GitHubAPIError.unreachable("refused") }
            if attempt == 11 { throw GitHubAPIError.connectionLost("reset") }
            return attempt
        }
        #expect(value == 12)
        let attempts = Mutex(0)
        await #expect(throws: GitHubAPIError.connectionLost("cut")) {
            try await controller(Recorder(), policy: waiting).run { attempt -> Int in
                attempts.withLock { $0 = attempt }
                if attempt <= 3 { throw GitHubAPIError.unreachable("refused") }
                throw GitHubAPIError.connectionLost("cut")
            }
        }
        #expect(attempts.withLock { $0 } == 3 + waiting.maxAttempts)
    }

    @Test("a 404 is thrown at once, without sleeping")
    func doesNotRetryNotFound() async {
        let recorder = Recorder()
        await #expect(throws: GitHubAPIError.notFound) {
            try await controller(recorder).run { _ -> Int in throw GitHubAPIError.notFound }
        }
        #expect(recorder.sleeps.withLock { $0 }.isEmpty)
    }

    @Test("a failure that never ends gives up after five attempts with the last error")
    func givesUp() async {
        let recorder = Recorder()
        await #expect(throws: GitHubAPIError.unreachable("down")) {
            try await controller(recorder).run { _ -> Int in throw GitHubAPIError.unreachable("down") }
        }
        #expect(recorder.sleeps.withLock { $0.count } == 4)
    }

    @Test("a primary limit resetting in an hour fails at once")
    func failsFastOnPrimaryLimit() async {
        let recorder = Recorder()
        let reset = Date(timeIntervalSince1970: 3_600)
        await #expect(throws: GitHubAPIError.rateLimited(reset: reset)) {
            try await controller(recorder).run { _ -> Int in throw GitHubAPIError.rateLimited(reset: reset) }
        }
        #expect(recorder.sleeps.withLock { $0 }.isEmpty)
    }

    @Test("errors that are not API errors are not retried")
    func foreignErrors() async {
        struct Other: Error {}
        let recorder = Recorder()
        await #expect(throws: Other.self) { try await controller(recorder).run { _ -> Int in throw Other() } }
        #expect(recorder.sleeps.withLock { $0 }.isEmpty)
    }
}
