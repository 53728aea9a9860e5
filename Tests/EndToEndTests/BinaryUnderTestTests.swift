import Foundation
import Testing

/// CI must test the binary users run, not the debug build beside the tests.
@Suite("The binary under test")
struct BinaryUnderTestTests {
    @Test("under CI the end-to-end tests run the release binary of scripts/run")
    func releaseUnderCI() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["CI"] == "true" else { return }
        let path = try #require(environment["GHUSERS_TEST_BINARY"], "CI must run scripts/test, which sets GHUSERS_TEST_BINARY")
        #expect(GHUsersProcess.binary.path == path)
        #expect(path.hasSuffix("/release/ghusers"))
        #expect(FileManager.default.isExecutableFile(atPath: path))
    }
}
