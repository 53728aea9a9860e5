import Synchronization
import Testing

@testable import GHUsersKit

/// GraphQL requests wait until the response times of the last 60 s sum to at most 30 s.
@Suite("GraphQL pacing")
struct GraphQLPacerTests {
    static let start = ContinuousClock.now

    static func response(endingAt seconds: Int, took: Int) -> GraphQLPacer.Response {
        .init(end: start + .seconds(seconds), took: .seconds(took))
    }

    @Test("under the budget, no wait; over it, until the oldest leave the window; older than 60 s, forgotten")
    func waits() {
        let now = Self.start + .seconds(100)
        #expect(GraphQLPacer.wait(after: [Self.response(endingAt: 50, took: 10), Self.response(endingAt: 90, took: 20)], now: now) == .zero)
        // 45 s in the window: the first (ending at 50) must leave it, at 110.
        #expect(GraphQLPacer.wait(after: [Self.response(endingAt: 50, took: 15), Self.response(endingAt: 60, took: 10), Self.response(endingAt: 90, took: 20)], now: now) == .seconds(10))
        // 45 s, two must leave: the second (ending at 80) leaves at 140.
        #expect(GraphQLPacer.wait(after: [Self.response(endingAt: 60, took: 10), Self.response(endingAt: 80, took: 10), Self.response(endingAt: 95, took: 25)], now: now) == .seconds(40))
        #expect(GraphQLPacer.wait(after: [Self.response(endingAt: 30, took: 59)], now: now) == .zero)
    }

    @Test("a pacer records what its requests took and sleeps before the next when over the budget")
    func pacerSleeps() async throws {
        let time = Mutex(Self.start)
        let slept = Mutex<[Duration]>([])
        let pacer = GraphQLPacer(clock: { time.withLock { $0 } }, sleep: { duration in slept.withLock { $0.append(duration) } })
        for _ in 0..<5 {
            try await pacer.pace()
            // Each request takes 10 s of the clock.
            await pacer.timing { time.withLock { $0 += .seconds(10) } }
        }
        // Four took 40 s of the last 60: the fifth waits until the first (ended at 10 s) leaves
        // the window, at 70 s: 30 s from 40.
        #expect(slept.withLock { $0 } == [.seconds(30)])
    }
}
