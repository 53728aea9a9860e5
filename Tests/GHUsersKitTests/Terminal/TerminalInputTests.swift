import Foundation
import Testing

@testable import GHUsersKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Terminal input: pausing for the editor")
struct TerminalInputTests {
    @Test("bytes typed while paused are left for the other program; reading resumes after", .timeLimit(.minutes(1)))
    func pauseLeavesBytes() async throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[1]) }
        let input = TerminalInput(fileDescriptor: ends[0])
        var chunks = input.chunks().makeAsyncIterator()
        _ = write(ends[1], "a", 1)
        #expect(await chunks.next() == Array("a".utf8))

        input.pause()
        _ = write(ends[1], "b", 1)
        // The editor reads it: the paused reader did not
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 1 && byte == UInt8(ascii: "b"))
        input.resume()

        _ = write(ends[1], "c", 1)
        #expect(await chunks.next() == Array("c".utf8))
        close(ends[1])
        ends[1] = open("/dev/null", O_WRONLY)
        #expect(await chunks.next() == nil)  // the end of input ends the stream
    }
}
