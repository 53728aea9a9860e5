import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("Idle trim: freed memory given back once searches rest")
struct IdleTrimTests {
    @Test("a burst of calls runs the action once, a delay after the last; a later call runs it again")
    func burst() async throws {
        let runs = Mutex<[ContinuousClock.Instant]>([])
        let trim = IdleTrim(delay: .milliseconds(200)) { runs.withLock { $0.append(.now) } }
        // Given three calls in a row
        trim.schedule()
        trim.schedule()
        trim.schedule()
        let last = ContinuousClock.now
        // (Deadlines of a minute: the suite runs beside 450 other tests on two cores, and the
        // trim's queue is of utility QoS.)
        var deadline = last + .seconds(60)
        while runs.withLock({ $0.isEmpty }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        // Then the action ran once, no sooner than the delay after the last call
        let first = try #require(runs.withLock { $0.first })
        #expect(first - last >= .milliseconds(200))
        // When one more call comes
        trim.schedule()
        deadline = ContinuousClock.now + .seconds(60)
        while runs.withLock({ $0.count }) < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        // Then it runs once more: on its serial queue the three first timers fired before
        // this one, so a burst that ran the action for every call would have counted 4 here
        #expect(runs.withLock { $0.count } == 2)
    }

    #if canImport(Glibc)
        @Test("the default action gives back memory that glibc kept after it was freed")
        func givesBack() {
            // Given 64 MB in blocks of 64 KB (below glibc's threshold for mapping a block of its
            // own: they come from the heap), written to, then freed but for the last (which keeps
            // the heap's top from being trimmed on free)
            let blocks = (0..<1_024).map { _ in UnsafeMutableRawPointer.allocate(byteCount: 65_536, alignment: 16) }
            for block in blocks { block.initializeMemory(as: UInt8.self, repeating: 1, count: 65_536) }
            for block in blocks.dropLast() { block.deallocate() }
            defer { blocks.last?.deallocate() }
            // Then glibc says it gave some back
            #expect(IdleTrim.returnFreedMemory())
        }
    #endif
}
