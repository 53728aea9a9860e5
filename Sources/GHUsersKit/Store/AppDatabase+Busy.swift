import Foundation
import GRDB
import Synchronization

extension AppDatabase {
    /// Called once a connection has waited ``busyNoticeAfter`` for another process's lock on
    /// the database, then not again in the process: the command says "waiting for another
    /// ghusers process…" instead of 30 silent seconds. Set by the command layer.
    package static let onLongBusyWait = Mutex<(@Sendable () -> Void)?>(nil)

    /// How long a connection waits, in silence, for a lock another process holds: 1 s.
    static let busyNoticeAfter = Duration.seconds(1)
    /// How long it waits in all before the write fails as locked (``StoreError``, exit 7): 30 s.
    static let busyLimit = Duration.seconds(30)
    /// The pause between two tries: 10 ms.
    static let busyPause = Duration.milliseconds(10)

    /// SQLite's busy handler: tries again every ``busyPause`` up to ``busyLimit``, and tells
    /// ``onLongBusyWait`` once after ``busyNoticeAfter``.
    static let busyMode = Database.BusyMode.callback { tries in
        let waited = busyPause * tries
        if waited >= busyLimit { return false }
        if waited == busyNoticeAfter, let notice = onLongBusyWait.withLock({ hook in defer { hook = nil }; return hook }) {
            notice()
        }
        Thread.sleep(forTimeInterval: 0.01)
        return true
    }
}
