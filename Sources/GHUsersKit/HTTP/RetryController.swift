import Foundation

/// Runs an operation and retries it on the schedule of a ``RetryPolicy``.
///
/// The clock, the source of jitter and the sleep are injected so that unit tests can check the
/// schedule without waiting; the defaults are the system clock, a random number and
/// `Task.sleep`. Cancellation ends the wait at once, and a failure of a cancelled task is
/// rethrown as it is, neither retried nor reported to ``Event`` listeners: the caller gave up on
/// it (the caller still sees what happened, such as an avatar host that timed out).
package struct RetryController: Sendable {
    /// A retry about to happen, for status lines.
    package struct Event: Sendable {
        /// The attempt that just failed (1-based).
        package var attempt: Int
        /// Why it failed.
        package var error: GitHubAPIError
        /// How long the controller waits before the next attempt.
        package var delay: Duration
    }

    package var policy: RetryPolicy
    private let now: @Sendable () -> Date
    private let jitter: @Sendable () -> Double
    private let sleep: @Sendable (Duration) async throws -> Void
    private let onRetry: @Sendable (Event) -> Void

    /// Creates a controller.
    package init(
        policy: RetryPolicy = RetryPolicy(),
        now: @escaping @Sendable () -> Date = { Date() },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        onRetry: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.policy = policy
        self.now = now
        self.jitter = jitter
        self.sleep = sleep
        self.onRetry = onRetry
    }

    /// This controller without its listener: for requests whose failures say nothing about the
    /// API (avatar downloads from other hosts), so they never reach the offline banner.
    package var silenced: RetryController {
        RetryController(policy: policy, now: now, jitter: jitter, sleep: sleep)
    }

    /// Whether a network failure ends the request at once, without the policy's retries: set
    /// by a caller that has a cached answer to show instead (`profile` of a cached user), so
    /// that it shows it after the first failure rather than after 7 s of retries. `--wait`
    /// (``RetryPolicy/waitsForNetwork``) still waits.
    @TaskLocal package static var showsCacheOnNetworkFailure = false

    /// Runs `operation` (given the 1-based attempt number) until it succeeds or the policy gives
    /// up, then returns its value or rethrows its last error.
    package func run<T: Sendable>(_ operation: @Sendable (Int) async throws -> T) async throws -> T {
        var attempt = 1
        var lostInARow = 0
        var secondaryInARow = 0
        while true {
            do {
                return try await operation(attempt)
            } catch {
                if error is CancellationError || Task.isCancelled { throw error }
                if Self.showsCacheOnNetworkFailure, !policy.waitsForNetwork, (error as? GitHubAPIError)?.isNetworkFailure == true {
                    throw error
                }
                if case GitHubAPIError.connectionLost = error { lostInARow += 1 } else { lostInARow = 0 }
                if case GitHubAPIError.secondaryRateLimit = error { secondaryInARow += 1 } else { secondaryInARow = 0 }
                let decision = policy.decision(
                    after: error, attempt: attempt, now: now(), jitter: jitter(), lostInARow: lostInARow, secondaryInARow: secondaryInARow)
                guard case .retry(let delay) = decision, let apiError = error as? GitHubAPIError else {
                    throw error
                }
                onRetry(Event(attempt: attempt, error: apiError, delay: delay))
                try await sleep(delay)
                attempt += 1
            }
        }
    }
}
