import Synchronization

/// Hands the service's retry events to whoever listens now: the service is made (with its
/// `onRetry`) before the browser that shows them exists.
package final class RetryRelay: Sendable {
    private let listener = Mutex<(@Sendable (RetryController.Event) -> Void)?>(nil)

    /// A relay with no listener yet.
    package init() {}

    /// Passes `event` to the listener, if any: the service's `onRetry`.
    @Sendable package func send(_ event: RetryController.Event) {
        listener.withLock { $0 }?(event)
    }

    /// Makes `body` the listener.
    package func listen(_ body: @escaping @Sendable (RetryController.Event) -> Void) {
        listener.withLock { $0 = body }
    }
}
