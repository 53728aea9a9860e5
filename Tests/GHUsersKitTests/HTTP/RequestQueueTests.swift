import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("One request at a time")
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
}
