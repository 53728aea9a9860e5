import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("AsyncLazy")
struct AsyncLazyTests {
    @Test(
        "a slow maker runs once, on a thread of its own: its waiters hold no thread of the pool, so a task can still run meanwhile",
        .timeLimit(.minutes(1)))
    func slowMakerLeavesThePoolFree() async throws {
        // Given a maker that cannot finish until a task on the cooperative pool lets it
        let release = DispatchSemaphore(value: 0)
        let runs = Mutex(0)
        let lazy = AsyncLazy<String> {
            runs.withLock { $0 += 1 }
            release.wait()
            return "token"
        }
        // When more callers wait for the value than the pool has threads
        let waiters = (0..<8).map { _ in Task { await lazy.value } }
        await eventually { runs.withLock { $0 } == 1 }
        // Then a task still runs (were the waiters blocking threads, it never would, and the
        // test would hit its time limit) and lets the maker finish
        await Task { release.signal() }.value
        for waiter in waiters { #expect(await waiter.value == "token") }
        #expect(runs.withLock { $0 } == 1)
        #expect(lazy.ifMade == "token")
        #expect(await lazy.value == "token")
    }

    @Test("nothing is made until asked")
    func notMadeUntilAsked() {
        let lazy = AsyncLazy<Int> { 1 }
        #expect(lazy.ifMade == nil)
    }
}
