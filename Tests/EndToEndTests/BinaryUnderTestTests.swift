import Foundation
import Testing

/// The end-to-end tests run an optimised ghusers (a defect of -O builds, swiftlang/swift#91911,
/// can draw every avatar as a placeholder while the debug build passes): scripts/test builds
/// the tests and the binaries beside them with `-c release`, and a debug `swift test` runs the
/// debug binary beside it.
@Suite("The binary under test")
struct BinaryUnderTestTests {
    /// Whether these tests were compiled optimised, as scripts/test compiles them.
    static let testsAreOptimised: Bool = {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }()

    @Test("the binary under test is built as the tests are, and optimised under CI")
    func builtAsTheTests() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-binary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await GHUsersProcess(home: home, apiURL: "http://127.0.0.1:9").run(["--version"])
        #expect(result.status == 0, "\(result)")
        let debug = result.stdout.contains("(debug build)")
        let environment = ProcessInfo.processInfo.environment
        if environment["GHUSERS_TEST_BINARY", default: ""].isEmpty {
            #expect(debug != Self.testsAreOptimised, "the ghusers beside the tests says '\(result.stdout)'")
        }
        if environment["CI"] == "true" {
            #expect(Self.testsAreOptimised, "CI runs scripts/test, which builds with -c release")
            #expect(!debug, "CI's ghusers says '\(result.stdout)'")
        }
    }
}
