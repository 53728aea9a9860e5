import Foundation
import Synchronization

/// A value made once, on first use, on a thread of its own: callers suspend until it is made,
/// so a slow maker (the token from `gh auth token`, which may take seconds) holds no thread of
/// Swift's cooperative pool, nor a lock that other callers would block on.
final class AsyncLazy<Value: Sendable>: Sendable {
    private enum State {
        case idle
        case making(waiters: [CheckedContinuation<Value, Never>])
        case made(Value)
    }

    private let state = Mutex(State.idle)
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value; the first caller starts making it, every caller waits for it.
    var value: Value {
        get async {
            if let made = ifMade { return made }
            return await withCheckedContinuation { continuation in
                let first = state.withLock { state -> Bool in
                    switch state {
                    case .made(let value):
                        continuation.resume(returning: value)
                        return false
                    case .making(let waiters):
                        state = .making(waiters: waiters + [continuation])
                        return false
                    case .idle:
                        state = .making(waiters: [continuation])
                        return true
                    }
                }
                guard first else { return }
                Thread.detachNewThread { self.fulfil(self.make()) }
            }
        }
    }

    /// Keeps `value` and resumes everyone waiting for it.
    private func fulfil(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
            defer { state = .made(value) }
            if case .making(let waiters) = state { return waiters }
            return []
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// `nil` if nobody asked for the value yet; else the value, waited for if it is being made.
    var valueIfStarted: Value? {
        get async {
            let started = state.withLock { state -> Bool in
                if case .idle = state { return false }
                return true
            }
            return started ? await value : nil
        }
    }

    /// The value if it was made, without making it.
    var ifMade: Value? {
        state.withLock { state in
            if case .made(let value) = state { return value }
            return nil
        }
    }
}
