import Foundation
import Testing

@testable import GHUsersKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Output stream")
struct OutputStreamTests {
    /// A new empty file in the temporary directory, open for writing.
    static func temporaryFile() throws -> (url: URL, descriptor: Int32) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-output-\(UUID().uuidString)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        return (url, descriptor)
    }

    @Test("a serialised stream written from many tasks at once keeps every line whole (run under TSan too)")
    func concurrentWriters() async throws {
        // Given standard error's kind of stream, over a file
        let (url, descriptor) = try Self.temporaryFile()
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
        }
        nonisolated(unsafe) let stream = OutputStream(fileDescriptor: descriptor, serialized: true)
        // When 8 tasks write 200 lines each, as retry notices and the spinner do
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for line in 0..<200 { stream.write("writer \(writer) line \(line) " + String(repeating: "x", count: line % 50) + "\n") }
                }
            }
        }
        // Then every line is there, whole, once
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 1_600)
        var expected: Set<String> = []
        for writer in 0..<8 {
            for line in 0..<200 { expected.insert("writer \(writer) line \(line) " + String(repeating: "x", count: line % 50)) }
        }
        #expect(Set(lines) == expected)
        #expect(stream.failure == nil)
    }

    @Test("a write that fails is kept and reported once, never silent")
    func failedWrite() throws {
        // Given a stream over /dev/full
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0, "no /dev/full here")
        defer { close(descriptor) }
        let stream = OutputStream(fileDescriptor: descriptor)
        nonisolated(unsafe) var reported: [Int32] = []
        stream.onFailure = { reported.append($0) }
        // When it is written and flushed twice
        stream.write("lost\n")
        stream.flush()
        stream.write("lost too\n")
        stream.flush()
        // Then the failure is ENOSPC, reported once
        #expect(stream.failure == ENOSPC)
        #expect(reported == [ENOSPC])
    }

    @Test("asciiOnly turns text, raw bytes and rows built in place into ASCII; off, bytes pass as they are")
    func asciiOnly() throws {
        let (url, descriptor) = try Self.temporaryFile()
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
        }
        let stream = OutputStream(fileDescriptor: descriptor)
        stream.write("café ✎\n")
        stream.asciiOnly = true
        stream.write("café ✎\n")
        stream.write(bytes: Array("… │\n".utf8))
        stream.write { $0 += Array("naïve\n".utf8) }
        stream.flush()
        #expect(try String(contentsOf: url, encoding: .utf8) == "café ✎\ncafe *\n~ |\nnaive\n")
    }
}
