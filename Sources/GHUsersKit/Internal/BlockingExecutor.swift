import Dispatch

/// A serial queue of its own for work that blocks: image decoding and drawing, and the avatar
/// cache's disk reads and writes. What runs here never holds one of Swift's cooperative threads
/// (two on a 2-core machine: the browser's and the network's).
///
/// Their synchronous entry points (``ImageDecoder/decode(_:limits:)``, ``AvatarDrawer``'s and
/// ``AvatarListRenderer``'s drawing) are unavailable from `async` code: a task awaits
/// ``run(_:)`` instead, which runs the body here and suspends until it ends. SQLite has
/// executors of its own (``AppDatabase``).
package final class BlockingExecutor: Sendable {
    /// The executor of image work and of the avatar cache's disk.
    package static let images = BlockingExecutor(label: "ghusers.images")

    private let queue: DispatchQueue

    private init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `body` here and returns what it returns, once it has ended. The body runs while its
    /// caller is suspended, so what it captures need not be `Sendable`.
    package func run<T>(_ body: () throws -> T) async rethrows -> T {
        do {
            return try await withoutActuallyEscaping(body) { body in
                let lent = Lent<Void, T> { _ in try body() }
                return try await withUnsafeThrowingContinuation { (resumed: UnsafeContinuation<UncheckedSendable<T>, any Error>) in
                    queue.async {
                        let result = Result { try lent.run(()) }
                        lent.release()
                        resumed.resume(with: result)
                    }
                }.value
            }
        } catch {
            // Only what `body` threw can come here.
            throw error
        }
    }
}
