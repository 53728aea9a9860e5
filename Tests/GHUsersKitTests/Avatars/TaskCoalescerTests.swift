import Synchronization
import Testing

@testable import GHUsersKit

@Suite("Coalescing and cancellation")
struct TaskCoalescerTests {
    @Test("two waiters for the same key share one run")
    func coalesces() async throws {
        // Given an operation that waits for a gate and counts its runs
        let coalescer = TaskCoalescer<String, Int>()
        let runs = Mutex(0)
        let gate = Gate()
        let operation: @Sendable () async throws -> Int = {
            runs.withLock { $0 += 1 }
            await gate.wait()
            return 42
        }
        // When two callers ask for the same key while it runs
        async let first = coalescer.value(for: "a", operation: operation)
        async let second = coalescer.value(for: "a", operation: operation)
        await gate.waitForWaiters(1)
        await eventually { coalescer.waiterCount(for: "a") >= 2 }
        await gate.open()
        // Then both get the value from one run
        #expect(try await first == 42)
        #expect(try await second == 42)
        #expect(runs.withLock { $0 } == 1)
        #expect(coalescer.runningCount == 0)
    }

    @Test("a cancelled waiter leaves; the run goes on for the other")
    func oneCancelled() async throws {
        let coalescer = TaskCoalescer<String, Int>()
        let gate = Gate()
        let operation: @Sendable () async throws -> Int = {
            await gate.wait()
            try Task.checkCancellation()
            return 7
        }
        // Given two waiters
        let leaving = Task { try await coalescer.value(for: "a", operation: operation) }
        let staying = Task { try await coalescer.value(for: "a", operation: operation) }
        await gate.waitForWaiters(1)
        await eventually { coalescer.waiterCount(for: "a") >= 2 }
        // When one is cancelled
        leaving.cancel()
        // Then it stops waiting at once with CancellationError
        await #expect(throws: CancellationError.self) { try await leaving.value }
        // And the other still gets the value
        await gate.open()
        #expect(try await staying.value == 7)
    }

    @Test("when every waiter is cancelled, the run is cancelled")
    func allCancelled() async throws {
        let coalescer = TaskCoalescer<String, Int>()
        let observed = Mutex<Bool?>(nil)
        let started = Gate()
        let operation: @Sendable () async throws -> Int = {
            await started.open()
            do {
                try await Task.sleep(for: .seconds(600))
                observed.withLock { $0 = false }
            } catch {
                observed.withLock { $0 = true }
                throw error
            }
            return 1
        }
        // Given one waiter whose run has started
        let waiter = Task { try await coalescer.value(for: "a", operation: operation) }
        await started.wait()
        // When it is cancelled
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        // Then the run sees the cancellation (its sleep ends early) and the key is free
        await eventually { observed.withLock { $0 } != nil }
        #expect(observed.withLock { $0 } == true)
        #expect(coalescer.runningCount == 0)
        #expect(try await coalescer.value(for: "a") { 2 } == 2)
    }
}

/// A one-shot latch: `wait()` suspends until `open()`.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    var waiting: Int { waiters.count }

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }

    /// Returns once `count` callers are suspended in `wait()`.
    func waitForWaiters(_ count: Int) async {
        while waiters.count < count { try? await Task.sleep(for: .milliseconds(1)) }
    }
}
