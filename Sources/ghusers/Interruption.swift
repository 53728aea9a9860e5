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

    /// Whether a signal arrived since ``cancelTaskOnSignal()``.
    static var happened: Bool { received.load(ordering: .acquiring) > 0 }

    /// From now on the first SIGINT or SIGTERM cancels the current task; call it once, from the
    /// task that runs the command's body (``CommandRunner`` does, which never returns).
    static func cancelTaskOnSignal() {
        withUnsafeCurrentTask { task in
            // The reference outlives this closure, which the API warns against because a task
            // may end and be freed; this one never ends before the process does
            // (`CommandRunner.run` exits from inside it), so the handler never meets a freed
            // task. A handle of a task we made (`Task { }`, a task group) would need every
            // command's body to be a `sending` escaping closure. Cancelling a task from another
            // thread is what `cancel()` is for.
            nonisolated(unsafe) let task = task
            sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    if received.add(1, ordering: .acquiringAndReleasing).oldValue > 0 {
                        exit(ExitStatus.interrupted.rawValue)
                    }
                    task?.cancel()
                }
                source.resume()
                return source
            }
        }
    }
}
