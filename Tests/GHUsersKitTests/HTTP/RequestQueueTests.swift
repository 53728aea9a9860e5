import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("One request at a time", .timeLimit(.minutes(3)))
struct RequestQueueTests {
    final class Gauge: Sendable {
        let state = Mutex((current: 0, highest: 0, order: [Int]()))
        func enter(_ id: Int) { state.withLock { $0.current += 1; $0.highest = max($0.highest, $0.current); $0.order.append(id) } }
        func leave() { state.withLock { $0.current -= 1 } }
    }

    @Test("20 concurrent operations on one queue never overlap")
    func serialisesInProcess() async throws {
        let queue = RequestQueue(lockFileURL: nil)
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<20 {
                group.addTask {
                    try await queue.run {
                        gauge.enter(id)
                        try await Task.sleep(for: .milliseconds(2))
                        gauge.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(gauge.state.withLock { $0.highest } == 1)
        #expect(gauge.state.withLock { $0.order.count } == 20)
    }

    @Test("two queues sharing a lock file (as two processes do) never overlap")
    func serialisesAcrossLockHolders() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lock = folder.url.appendingPathComponent("network.lock")
        let queues = [RequestQueue(lockFileURL: lock), RequestQueue(lockFileURL: lock)]
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<16 {
                group.addTask {
                    try await queues[id % 2].run {
                        gauge.enter(id)
                        try await Task.sleep(for: .milliseconds(3))
                        gauge.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(gauge.state.withLock { $0.highest } == 1)
        #expect(gauge.state.withLock { $0.order.count } == 16)
        let mode = try FileManager.default.attributesOfItem(atPath: lock.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("an operation that throws releases the queue")
    func releasesOnError() async throws {
        struct Boom: Error {}
        let queue = RequestQueue(lockFileURL: nil)
        await #expect(throws: Boom.self) { try await queue.run { throw Boom() } }
        #expect(try await queue.run { 42 } == 42)
    }

    /// Holds the queue until `open` is called, so that waiters line up behind it.
    final class Gate: Sendable {
        let stream: AsyncStream<Void>
        let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream<Void>.makeStream() }
        func wait() async { for await _ in stream { return } }
        func open() { continuation.yield() }
    }

    @Test("waiters are served by priority, then in arrival order")
    func priorities() async throws {
        let queue = RequestQueue(lockFileURL: nil)
        let gate = Gate()
        let gauge = Gauge()
        let holder = Task { try await queue.run { gauge.enter(0); await gate.wait(); gauge.leave() } }
        await eventually { gauge.state.withLock { $0.order == [0] } }
        var tasks: [Task<Void, any Error>] = []
        for (id, priority) in [(1, 5), (2, 1), (3, 5), (4, -1)] {
            tasks.append(Task { try await RequestQueue.$priority.withValue(priority) { try await queue.run { gauge.enter(id); gauge.leave() } } })
            await eventually { await queue.waiting == tasks.count }
        }
        gate.open()
        try await holder.value
        for task in tasks { try await task.value }
        #expect(gauge.state.withLock { $0.order } == [0, 4, 2, 1, 3])
    }

    @Test("a cancelled waiter leaves the queue at once and never runs")
    func cancelledWaiter() async throws {
        let queue = RequestQueue(lockFileURL: nil)
        let gate = Gate()
        let gauge = Gauge()
        let holder = Task { try await queue.run { gauge.enter(0); await gate.wait(); gauge.leave() } }
        await eventually { gauge.state.withLock { $0.order == [0] } }
        let waiter = Task { try await queue.run { gauge.enter(1); gauge.leave() } }
        await eventually { await queue.waiting == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(await queue.waiting == 0)
        gate.open()
        try await holder.value
        #expect(gauge.state.withLock { $0.order } == [0])
    }
}
