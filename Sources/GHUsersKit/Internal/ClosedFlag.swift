import Synchronization

/// Set once, read from any thread: whether something was closed (``CombinedService/shutdown()``),
/// so that work started after it makes nothing new.
final class ClosedFlag: Sendable {
    private let closed = Atomic(false)

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Marks it closed.
    func close() { closed.store(true, ordering: .releasing) }
}
