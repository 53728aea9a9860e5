import Dispatch
import Synchronization

/// Tells when the database file changes, whoever changed it: another `ghusers` process, a
/// `ghusers note` in another shell, or this process's own main connection. It polls SQLite's
/// `PRAGMA data_version` on a read-only connection of its own every ``interval`` (GRDB's
/// observation sees only the writes of the connection it observes, not other processes').
package final class DatabaseWatcher: @unchecked Sendable {  // a dispatch source is thread-safe
    /// How often the file is looked at: 0.25 s (a change shows within a second, and a poll
    /// costs microseconds).
    package static let interval = DispatchTimeInterval.milliseconds(250)

    private let timer: any DispatchSourceTimer
    private let pollCount = PollCount()

    /// How many times the file has been looked at (tests wait for polls, not for time).
    var polls: Int { pollCount.value.load(ordering: .acquiring) }

    private final class PollCount: Sendable {
        let value = Atomic(0)
    }

    /// Starts watching the file of `database`; `onChange` is called (on a private queue) after
    /// each change seen. `nil` for an in-memory database.
    package init?(database: AppDatabase, onChange: @escaping @Sendable () -> Void) {
        guard let reader = database.reader(), let first = try? reader.dataVersion() else { return nil }
        let last = Mutex(first)
        let queue = DispatchQueue(label: "ghusers.database-watcher")
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(20))
        timer.setEventHandler { [pollCount] in
            defer { pollCount.value.add(1, ordering: .releasing) }
            guard let version = try? reader.dataVersion() else { return }
            let changed = last.withLock { last in
                defer { last = version }
                return last != version
            }
            if changed { onChange() }
        }
        timer.resume()
    }

    /// Stops watching.
    package func stop() {
        timer.cancel()
    }
}
