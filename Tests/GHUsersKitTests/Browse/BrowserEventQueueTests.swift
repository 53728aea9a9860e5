import Foundation
import Testing

@testable import GHUsersKit

@Suite("Browser event queue: the loop's events, from any thread, oldest first")
struct BrowserEventQueueTests {
    /// The escape timer generation of `event`, or -1 for another event.
    func generation(_ event: BrowserRuntime.Event) -> Int {
        if case .escapeTimeout(let generation) = event { return generation }
        return -1
    }

    @Test("events posted from two threads are taken once each, each thread's in the order it posted them")
    func order() async {
        let queue = BrowserEventQueue()
        // Given two threads posting 1,000 events each (one the even generations, one the odd)
        for parity in 0..<2 {
            Thread { for index in 0..<1_000 { queue.yield(.escapeTimeout(2 * index + parity)) } }.start()
        }
        // When the loop takes 2,000
        let taken = (0..<2_000).map { _ in generation(queue.next()) }
        // Then each is there once, and each thread's are in its order
        #expect(Set(taken).count == 2_000 && taken.allSatisfy { (0..<2_000).contains($0) })
        #expect(taken.filter { $0 % 2 == 0 } == Array(stride(from: 0, to: 2_000, by: 2)))
        #expect(taken.filter { $0 % 2 == 1 } == Array(stride(from: 1, to: 2_000, by: 2)))
    }

    @Test("the loop waits for an event posted later")
    func waits() {
        let queue = BrowserEventQueue()
        // Given a thread that posts once the loop is waiting
        let posted = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            queue.yield(.escapeTimeout(7))
        }
        posted.start()
        // Then the loop's next event is that one
        #expect(generation(queue.next()) == 7)
    }
}
