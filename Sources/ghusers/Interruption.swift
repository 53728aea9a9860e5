import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM as cancellation of a long command's task, so that it stops
/// between two steps and ends its output whole: `next-page --json` closes its array after the
/// pages already saved, as `git log` and `gh` leave a pipe readable. A second signal ends the
/// process at once, as the first would without this.
///
/// The cancelled work throws (a `CancellationError`, or the HTTP client's own cancellation);
/// ``CommandRunner`` then exits with ``ExitStatus/interrupted`` and says what was kept.
enum Interruption {
    private static let received = Atomic<Int>(0)
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Whether a signal arrived while ``run(_:)`` ran.
    static var happened: Bool { received.load(ordering: .acquiring) > 0 }

    /// Runs `body` in a task of a group this call holds, cancelled by the first SIGINT or
    /// SIGTERM that arrives meanwhile; a second one ends the process at once. Returns or throws
    /// as `body` does (a cancelled body throws). Nothing escapes: the signal handler only
    /// wakes a task of the group, which the group's owner answers by cancelling the body.
    /// `body` is the main actor's, as a command's body is when it is not interruptible: its
    /// database work then needs no hop (`AppDatabase+Executors`).
    static func run(_ body: @escaping @Sendable @MainActor () async throws -> Void) async throws {
        let (signals, heard) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        listen { heard.yield() }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await body()
                return true
            }
            group.addTask {
                var signal = signals.makeAsyncIterator()
                _ = await signal.next()  // nil once cancelled: the body ended first
                return false
            }
            // The body's end (what it threw comes out of `next()`), or a signal first.
            while let bodyEnded = try await group.next() {
                group.cancelAll()
                if bodyEnded { return }
            }
        }
    }

    /// Ignores SIGINT and SIGTERM as the default action and calls `first` at the first, from a
    /// dispatch queue; the second exits with ``ExitStatus/interrupted``.
    private static func listen(_ first: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if received.add(1, ordering: .acquiringAndReleasing).oldValue > 0 {
                    exit(ExitStatus.interrupted.rawValue)
                }
                first()
            }
            source.resume()
            return source
        }
    }
}
