import Synchronization

/// A value made on first use, once, whatever the thread.
final class Lazy<Value: Sendable>: Sendable {
    /// `nil` until made; `make` runs under the lock, so it runs once.
    private let value = Mutex<Value?>(nil)
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made now if it was not yet.
    var wrappedValue: Value {
        value.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }

    /// The value if it was made, without making it.
    var ifMade: Value? {
        value.withLock { $0 }
    }
}
