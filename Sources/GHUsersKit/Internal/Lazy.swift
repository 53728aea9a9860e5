import Foundation

/// A value made on first use, once, whatever the thread.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    // `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var value: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made now if it was not yet.
    var wrappedValue: Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }

    /// The value if it was made, without making it.
    var ifMade: Value? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
