import Foundation
import Testing

@testable import GHUsersKit

@Suite("Retry schedule")
struct RetryPolicyTests {
    let policy = RetryPolicy()
    let now = Date(timeIntervalSince1970: 1_000_000)

    @Test("the backoff doubles from 0.5 s with equal jitter and is capped at 30 s")
    func schedule() {
        // Without jitter: half of 0.5, 1, 2, 4, ... s; with the most jitter: the full value.
        let low = (1...8).map { policy.backoff(retry: $0, jitter: 0).seconds }
        let high = (1...8).map { policy.backoff(retry: $0, jitter: 0.999_999).seconds }
        #expect(low == [0.25, 0.5, 1, 2, 4, 8, 15, 15])
        for (index, value) in high.enumerated() {
            #expect(abs(value - [0.5, 1, 2, 4, 8, 16, 30, 30][index]) < 0.001)
        }
        #expect(policy.backoff(retry: 1_000, jitter: 0.5) <= policy.maxDelay)
    }

    @Test("network failures and 5xx are retried until the fifth attempt")
    func retriesUpToMaxAttempts() {
        for error in [GitHubAPIError.unreachable("x"), .timedOut, .connectionLost("x"), .server(status: 503, retryAfter: nil)] {
            for attempt in 1...4 {
                guard case .retry = policy.decision(after: error, attempt: attempt, now: now, jitter: 0) else {
                    Issue.record("\(error) attempt \(attempt) not retried")
                    continue
                }
            }
            #expect(policy.decision(after: error, attempt: 5, now: now, jitter: 0) == .fail)
        }
    }

    @Test("--wait retries an unreachable host without limit, but not server errors or answers cut short")
    func waitsForNetwork() {
        var waiting = policy
        waiting.waitsForNetwork = true
        #expect(waiting.decision(after: GitHubAPIError.unreachable("x"), attempt: 500, now: now, jitter: 0) == .retry(after: .seconds(15)))
        #expect(waiting.decision(after: GitHubAPIError.server(status: 500, retryAfter: nil), attempt: 5, now: now, jitter: 0) == .fail)
        // A host that answers and cuts every answer short is not a network to wait for.
        #expect(waiting.decision(after: GitHubAPIError.timedOut, attempt: 500, now: now, jitter: 0) == .retry(after: .seconds(15)))
        #expect(waiting.decision(after: GitHubAPIError.connectionLost("x"), attempt: 5, now: now, jitter: 0) == .fail)
        // Counted in a row: after a long outage, the first cut answer is still tried again.
        #expect(waiting.decision(after: GitHubAPIError.connectionLost("x"), attempt: 12, now: now, jitter: 0, lostInARow: 1) == .retry(after: .seconds(15)))
        #expect(waiting.decision(after: GitHubAPIError.connectionLost("x"), attempt: 12, now: now, jitter: 0, lostInARow: 5) == .fail)
    }

    @Test("Retry-After replaces the computed delay; one longer than the longest wait fails at once")
    func honoursRetryAfter() {
        #expect(policy.decision(after: GitHubAPIError.server(status: 503, retryAfter: .seconds(3)), attempt: 2, now: now, jitter: 0.9) == .retry(after: .seconds(3)))
        #expect(policy.decision(after: GitHubAPIError.secondaryRateLimit(retryAfter: .seconds(2)), attempt: 1, now: now, jitter: 0) == .retry(after: .seconds(2)))
        #expect(policy.decision(after: GitHubAPIError.secondaryRateLimit(retryAfter: .seconds(3_600)), attempt: 1, now: now, jitter: 0) == .fail)
    }

    @Test("a secondary limit without Retry-After waits a minute, as GitHub asks")
    func secondaryWithoutRetryAfter() {
        #expect(policy.decision(after: GitHubAPIError.secondaryRateLimit(retryAfter: nil), attempt: 1, now: now, jitter: 0) == .retry(after: .seconds(60)))
    }

    @Test("secondary limits in a row: a one-shot command waits one minute, then fails; waiting, 60, 120, 240, 480, 960 s, then fails")
    func secondarySchedule() {
        let limited = GitHubAPIError.secondaryRateLimit(retryAfter: nil)
        #expect(policy.decision(after: limited, attempt: 3, now: now, jitter: 0, secondaryInARow: 1) == .retry(after: .seconds(60)))
        #expect(policy.decision(after: limited, attempt: 4, now: now, jitter: 0, secondaryInARow: 2) == .fail)
        var waiting = policy
        waiting.waitsForNetwork = true
        let waits = (1...6).map { waiting.decision(after: limited, attempt: 9, now: now, jitter: 0.5, secondaryInARow: $0) }
        #expect(waits == [60, 120, 240, 480, 960].map { .retry(after: .seconds($0)) } + [.fail])
        // GitHub's Retry-After is its own word: waited out while waiting, however long.
        #expect(waiting.decision(after: GitHubAPIError.secondaryRateLimit(retryAfter: .seconds(600)), attempt: 1, now: now, jitter: 0, secondaryInARow: 1) == .retry(after: .seconds(600)))
    }

    @Test("a primary limit resetting soon is waited out; one resetting later fails at once")
    func primaryRateLimit() {
        let soon = now.addingTimeInterval(10)
        #expect(policy.decision(after: GitHubAPIError.rateLimited(reset: soon), attempt: 1, now: now, jitter: 0) == .retry(after: .seconds(11)))
        let later = now.addingTimeInterval(3_000)
        #expect(policy.decision(after: GitHubAPIError.rateLimited(reset: later), attempt: 1, now: now, jitter: 0) == .fail)
    }

    @Test("400, 401, 403, 404, 410 and 422 are never retried")
    func neverRetried() {
        let errors: [GitHubAPIError] = [
            .unexpectedStatus(400), .unauthorized("x"), .forbidden("x"), .notFound, .unexpectedStatus(422),
            .bodyTooLarge(limit: 1), .badRedirect,
        ]
        for error in errors {
            #expect(policy.decision(after: error, attempt: 1, now: now, jitter: 0) == .fail, "\(error)")
        }
        #expect(GitHubClient.error(for: TransportResponse(status: 410)) == .notFound)
        #expect(GitHubClient.error(for: TransportResponse(status: 422)) == .unexpectedStatus(422))
        #expect(GitHubClient.error(for: TransportResponse(status: 400)) == .unexpectedStatus(400))
    }
}

extension RetryPolicyTests {
    @Test("a policy that does not retry timeouts fails at once on one, and still retries a lost connection")
    func noTimeoutRetries() {
        var policy = RetryPolicy()
        policy.retriesTimeouts = false
        #expect(policy.decision(after: GitHubAPIError.timedOut, attempt: 1, now: Date(), jitter: 0) == .fail)
        #expect(policy.decision(after: GitHubAPIError.connectionLost("reset"), attempt: 1, now: Date(), jitter: 0) != .fail)
        #expect(RetryPolicy().decision(after: GitHubAPIError.timedOut, attempt: 1, now: Date(), jitter: 0) != .fail)
    }
}
