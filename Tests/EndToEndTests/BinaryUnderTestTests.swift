import Foundation
import GHUsersKit
import Testing

/// The end-to-end tests run the ghusers users run (a defect of -O builds, swiftlang/swift#91911,
/// can draw every avatar as a placeholder while the debug build passes): scripts/test builds
/// it as scripts/run does, in the release configuration with the runtime linked statically
/// (`GHUSERS_DEV_BUILD=1`, Package.swift), and the binary beside the tests comes from the same
/// build as the library they link.
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

    /// The installed binary links the Swift runtime statically (`--static-swift-stdlib`), and
    /// so does scripts/run's (GHUsersMain's linker settings): a binary that loads the shared
    /// runtime names `libswiftCore.so` among the libraries it needs, and starts about 4 ms later.
    @Test("under the development build, the binary under test links the Swift runtime statically, as the installed one")
    func runtimeLinkedStatically() throws {
        #if os(Linux)
            guard ProcessInfo.processInfo.environment["GHUSERS_DEV_BUILD"] == "1" else { return }
            let binary = try Data(contentsOf: GHUsersProcess.binary, options: .alwaysMapped)
            #expect(binary.starts(with: [0x7F, 0x45, 0x4C, 0x46]), "\(GHUsersProcess.binary.path) is not an ELF file")
            #expect(binary.firstRange(of: Data("libswiftCore.so".utf8)) == nil, "\(GHUsersProcess.binary.path) loads the shared Swift runtime")
        #endif
    }
}
