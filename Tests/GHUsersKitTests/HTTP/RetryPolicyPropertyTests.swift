import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Retry schedule, property-based")
struct RetryPolicyPropertyTests {
    static let errors: [GitHubAPIError] = [
        .unreachable("x"), .timedOut, .connectionLost("x"), .server(status: 503, retryAfter: nil),
        .server(status: 429, retryAfter: nil), .secondaryRateLimit(retryAfter: nil), .invalidResponse("x"),
        .server(status: 502, retryAfter: nil), .server(status: 503, retryAfter: .seconds(59)),
    ]

    @Test("a delay never exceeds the cap (or the longest server-requested wait) and is never negative")
    func neverExceedsCap() async {
        await propertyCheck(count: PropertyScale.count(3_000), input: Gen<Int>.value(in: 0...(Self.errors.count - 1)), Gen<Int>.value(in: 1...100_000), Gen.double(in: 0..<1), Gen.bool) {
            index, attempt, jitter, waits in
            var policy = RetryPolicy()
            policy.waitsForNetwork = waits
            let error = Self.errors[index]
            guard case .retry(let delay) = policy.decision(after: error, attempt: attempt, now: Date(), jitter: jitter) else { return }
            #expect(delay >= .zero)
            if case .secondaryRateLimit = error {
                // Its own schedule: at most the last of its doubling waits, and only so many of them.
                #expect(delay <= policy.secondaryLimitDelay(count: policy.secondaryLimitWaits))
                #expect(attempt <= policy.secondaryLimitWaits)
                return
            }
            #expect(delay <= max(policy.maxDelay, policy.maxWait))
            if !error.isNetworkFailure || !waits { #expect(attempt < policy.maxAttempts) }
        }
    }

    @Test("Retry-After is always honoured exactly when it is within the longest wait, and fails fast beyond")
    func honoursRetryAfter() async {
        await propertyCheck(count: PropertyScale.count(2_000), input: Gen<Int>.value(in: 0...7_200), Gen<Int>.value(in: 0...2), Gen<Int>.value(in: 1...4), Gen.double(in: 0..<1)) {
            seconds, kind, attempt, jitter in
            let retryAfter = Duration.seconds(seconds)
            let error: GitHubAPIError = [
                .server(status: 503, retryAfter: retryAfter), .secondaryRateLimit(retryAfter: retryAfter),
                .server(status: 502, retryAfter: retryAfter),
            ][kind]
            let policy = RetryPolicy()
            let decision = policy.decision(after: error, attempt: attempt, now: Date(), jitter: jitter, secondaryInARow: 1)
            #expect(decision == (retryAfter <= policy.maxWait ? .retry(after: retryAfter) : .fail))
        }
    }

    @Test("the backoff never shrinks from one retry to the next at equal jitter")
    func monotonic() async {
        await propertyCheck(count: PropertyScale.count(1_000), input: Gen<Int>.value(in: 1...60), Gen.double(in: 0..<1)) { retry, jitter in
            let policy = RetryPolicy()
            #expect(policy.backoff(retry: retry, jitter: jitter) <= policy.backoff(retry: retry + 1, jitter: jitter))
        }
    }
}
