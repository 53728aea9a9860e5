import Foundation

/// Runs the real, built `ghusers` binary as a child process and captures what it does.
struct GHUsersProcess {
    /// What one run produced.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
    }

    /// The folder of the test bundle, where SwiftPM also puts the `ghusers` executable.
    static let productsDirectory: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the runner lives inside PackageTests.xctest/Contents/MacOS.
        if bundle.path.contains(".xctest/") {
            var url = bundle
            while url.pathExtension != "xctest" { url.deleteLastPathComponent() }
            return url.deletingLastPathComponent()
        }
        return bundle
    }()

    /// The binary under test: `GHUSERS_TEST_BINARY` when set (to test another build, such as the
    /// installed `.build/release/ghusers`), else the one beside the tests (optimised by the
    /// development build scripts/test runs).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["GHUSERS_TEST_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return productsDirectory.appendingPathComponent("ghusers")
    }()

    let home: URL
    let apiURL: String
    var environment: [String: String] = [:]
    /// What is run: the binary under test, or a shell that runs it.
    var executable: URL = Self.binary

    /// Runs `ghusers ARGUMENTS` with `input` on stdin; fails the test if it runs over `timeout`.
    func run(_ arguments: [String], input: Data? = nil, timeout: Duration = .seconds(120)) async throws -> Result {
        let process = try start(arguments, input: input)
        return try await process.finish(timeout: timeout)
    }

    /// Starts `ghusers ARGUMENTS` without waiting for it.
    func start(_ arguments: [String], input: Data? = nil) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HarnessError("\(Self.binary.path) is missing: run `swift build` (or scripts/test) before `swift test`")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter {
            ![
                "GH_TOKEN", "GITHUB_TOKEN", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN", "GH_HOST", "NO_COLOR", "CLICOLOR_FORCE",
                "GHUSERS_HOME", "GHUSERS_API_URL", "XDG_DATA_HOME", "XDG_CACHE_HOME", "LC_ALL", "LC_CTYPE",
            ].contains($0.key)
        }
        // The same locale and terminal type on every machine (a CI machine may set none, a
        // developer's shell `xterm`): tests of another set theirs.
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        // The machine's own `gh` login never reaches a test; a test with a fake `gh` sets "0".
        environment["GHUSERS_NO_GH"] = "1"
        environment["GHUSERS_HOME"] = home.path
        environment["GHUSERS_API_URL"] = apiURL
        environment.merge(self.environment) { $1 }
        process.environment = environment
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-e2e-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: out.path + ".err", contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + ".err"))
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { try stdin.fileHandleForWriting.write(contentsOf: input) }
        try stdin.fileHandleForWriting.close()
        return Running(process: process, outputs: out)
    }

    /// A started process.
    final class Running: Sendable {
        let process: Process
        let outputs: URL

        init(process: Process, outputs: URL) {
            self.process = process
            self.outputs = outputs
        }

        func finish(timeout: Duration) async throws -> Result {
            let deadline = ContinuousClock.now + timeout
            while process.isRunning {
                if ContinuousClock.now > deadline {
                    process.terminate()
                    throw HarnessError("ghusers \(process.arguments ?? []) did not finish within \(timeout)")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            process.waitUntilExit()
            defer {
                try? FileManager.default.removeItem(atPath: outputs.path + ".out")
                try? FileManager.default.removeItem(atPath: outputs.path + ".err")
            }
            return Result(
                status: process.terminationStatus,
                stdout: (try? String(contentsOfFile: outputs.path + ".out", encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOfFile: outputs.path + ".err", encoding: .utf8)) ?? "")
        }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
