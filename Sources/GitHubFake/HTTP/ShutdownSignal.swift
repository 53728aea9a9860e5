import Synchronization

/// Cuts the fake's waits short (latency, slow answers, a hanging avatar) once its application
/// shuts down, so that a graceful shutdown ends without cancelling the server's task.
///
/// Cancelling a Hummingbird server's task while an accepted connection is still buffered traps
/// in NIO ("Deinited NIOAsyncWriter without calling finish()"): the accepted channel never
/// reaches `executeThenClose` (apple/swift-nio #3481, whose maintainers advise a graceful
/// shutdown instead; swift-server/swift-http-server #137). A graceful shutdown waits for the
/// requests in flight, so none of them may wait long.
final class ShutdownSignal: Sendable {
    private let fired = Atomic<Bool>(false)

    /// How often a wait looks at the signal: short next to any shutdown, long next to a wake-up's cost.
    private static let slice = Duration.milliseconds(50)

    /// Ends every wait, now and later.
    func fire() {
        fired.store(true, ordering: .releasing)
    }

    /// Whether ``fire()`` was called.
    var hasFired: Bool { fired.load(ordering: .acquiring) }

    /// Sleeps for `duration`, or until ``fire()``; throws `CancellationError` if the task is cancelled.
    func sleep(for duration: Duration) async throws {
        let end = ContinuousClock.now + duration
        while !hasFired {
            let left = end - ContinuousClock.now
            if left <= .zero { return }
            try await Task.sleep(for: min(left, Self.slice))
        }
    }
}
