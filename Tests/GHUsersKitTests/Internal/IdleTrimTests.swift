import Foundation
import Testing

@testable import GHUsersKit

@Suite("Idle trim: freed memory given back once searches rest")
struct IdleTrimTests {
    /// Waits until `counter` reaches `value` (10 s at most); its value then.
    func reach(_ value: Int, _ counter: Counter) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(10)
        while counter.value < value, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        return counter.value
    }

    @Test("a burst of calls runs the action once, after the last; a later call runs it again")
    func burst() async throws {
        let runs = Counter()
        let trim = IdleTrim(delay: .milliseconds(50)) { runs.increment() }
        // Given three calls in a row
        trim.schedule()
        trim.schedule()
        trim.schedule()
        #expect(try await reach(1, runs) == 1)
        // When one more comes after the action ran
        trim.schedule()
        // Then it runs once more: on its serial queue the three timers fired before this one,
        // so a burst that ran the action for every call would have counted 4 here
        #expect(try await reach(2, runs) == 2)
    }

    #if os(Linux)
        /// This process's resident anonymous memory, in kB (`RssAnon` of /proc/self/status).
        func residentAnonymous() throws -> Int {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
            return try #require(Int(line.split(separator: " ")[1]))
        }

        @Test("the default action gives back memory that glibc kept after it was freed")
        func givesBack() throws {
            // Given 64 MB in blocks of 64 KB (below glibc's threshold for mapping a block of its
            // own: they come from the heap), written to, then freed but for the last (which keeps
            // the heap's top from being trimmed on free)
            let blocks = (0..<1_024).map { _ in UnsafeMutableRawPointer.allocate(byteCount: 65_536, alignment: 16) }
            for block in blocks { block.initializeMemory(as: UInt8.self, repeating: 1, count: 65_536) }
            for block in blocks.dropLast() { block.deallocate() }
            defer { blocks.last?.deallocate() }
            let before = try residentAnonymous()
            // When the idle trim's default action runs
            IdleTrim(delay: .milliseconds(0)).schedule()
            // Then at least half of it is no longer resident
            let deadline = ContinuousClock.now + .seconds(10)
            var after = try residentAnonymous()
            while before - after < 32_768, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.005)
                after = try residentAnonymous()
            }
            #expect(before - after >= 32_768, "RssAnon \(before) kB before, \(after) kB after")
        }
    #endif
}
