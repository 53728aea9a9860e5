import Dispatch
import Foundation
import Testing

@testable import GHUsersKit

@Suite("Browser event queue: the loop's events, from any thread, oldest first")
struct BrowserEventQueueTests {
    /// The escape timer generation of the queue's next event (a minute at most), or -1.
    func nextGeneration(_ queue: BrowserEventQueue) -> Int {
        guard case .escapeTimeout(let generation) = queue.next(before: .now() + .seconds(60)) else { return -1 }
        return generation
    }

    @Test("events posted from two threads are taken once each, each thread's in the order it posted them")
    func order() {
        let queue = BrowserEventQueue()
        // Given two threads posting 3,000 events each (one the even generations, one the odd)
        for parity in 0..<2 {
            Thread { for index in 0..<3_000 { queue.yield(.escapeTimeout(2 * index + parity)) } }.start()
        }
        // When the loop takes 6,000 (past the 1,024 taken from which the array is compacted)
        let taken = (0..<6_000).map { _ in nextGeneration(queue) }
        // Then each is there once, and each thread's are in its order
        #expect(Set(taken).count == 6_000 && taken.allSatisfy { (0..<6_000).contains($0) })
        #expect(taken.filter { $0 % 2 == 0 } == Array(stride(from: 0, to: 6_000, by: 2)))
        #expect(taken.filter { $0 % 2 == 1 } == Array(stride(from: 1, to: 6_000, by: 2)))
        // And nothing more
        #expect(queue.next(before: .now() + .milliseconds(10)) == nil)
    }

    @Test("the loop waits for an event posted later")
    func waits() {
        let queue = BrowserEventQueue()
        // Given nothing posted: nothing to take
        #expect(queue.next(before: .now() + .milliseconds(10)) == nil)
        // When a thread posts one
        Thread { queue.yield(.escapeTimeout(7)) }.start()
        // Then the loop's next event is that one
        #expect(nextGeneration(queue) == 7)
    }
}
