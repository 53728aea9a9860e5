import Foundation
import GHUsersKit
import Testing

/// The end-to-end tests run an optimised ghusers (a defect of -O builds, swiftlang/swift#91911,
/// can draw every avatar as a placeholder while the debug build passes): scripts/test
/// optimises ghusers's own modules (`GHUSERS_DEV_BUILD=1`, Package.swift), and the binary
/// beside the tests comes from the same build as the library they link.
@Suite("The binary under test")
struct BinaryUnderTestTests {
    @Test("the binary under test is built as the library the tests link, and optimised by scripts/test and under CI")
    func builtAsTheTests() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-binary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await GHUsersProcess(home: home, apiURL: "http://127.0.0.1:9").run(["--version"])
        #expect(result.status == 0, "\(result)")
        let debug = result.stdout.contains("(debug build)")
        let environment = ProcessInfo.processInfo.environment
        if environment["GHUSERS_TEST_BINARY", default: ""].isEmpty {
            #expect(debug == GHUsersVersion.isDebugBuild, "the ghusers beside the tests says '\(result.stdout)'")
        }
        if environment["CI"] == "true" || environment["GHUSERS_DEV_BUILD"] == "1" {
            #expect(!GHUsersVersion.isDebugBuild && !debug, "scripts/test optimises ghusers; it says '\(result.stdout)'")
        }
    }
}
