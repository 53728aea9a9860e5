import Foundation
import Testing

/// The development build's two compilers (`scripts/dev-cc`, `scripts/dev-swift-frontend`): each
/// runs here with a stand-in for the toolchain's compiler that prints the arguments it gets, and
/// the list of modules compiled unoptimised is held to what the build links into ghusers.
@Suite("The development build's compilers")
struct DevelopmentBuildTests {
    static let scripts = InstallEndToEndTests.repository.appendingPathComponent("scripts")

    /// The arguments `script` passes on to the toolchain's compiler when run with `arguments`:
    /// the compiler is Support/print-arguments, a committed script (one written by a test and run
    /// at once can meet another test's fork holding it open for writing: "Text file busy").
    static func arguments(passedBy script: String, _ arguments: [String]) async throws -> [String] {
        let standIn = InstallEndToEndTests.repository.appendingPathComponent("Tests/EndToEndTests/Support/print-arguments").path
        var process = GHUsersProcess(home: FileManager.default.temporaryDirectory, apiURL: "http://127.0.0.1:9")
        process.executable = URL(fileURLWithPath: "/bin/sh")
        process.environment = ["GHUSERS_DEV_CLANG": standIn, "GHUSERS_DEV_FRONTEND": standIn]
        let result = try await process.run([scripts.appendingPathComponent(script).path] + arguments)
        #expect(result.status == 0, "\(script): \(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The modules `scripts/dev-swift-frontend` compiles unoptimised, as its list spells them.
    static func unoptimisedModules() throws -> Set<String> {
        let script = try String(contentsOf: scripts.appendingPathComponent("dev-swift-frontend"), encoding: .utf8)
        let list = try #require(script.firstRange(of: "modules=\"").map { script[$0.upperBound...] }?.prefix { $0 != "\"" })
        return Set(list.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    @Test("the modules only the fake, the tests and plugins' tools use compile at -Onone, every other at the build's -O, arguments intact")
    func swiftFrontend() async throws {
        let compile = ["-frontend", "-c", "/a folder/File.swift", "-module-name"]
        for module in ["GraphQL", "Hummingbird", "_NIOFileSystem"] {
            #expect(try await Self.arguments(passedBy: "dev-swift-frontend", compile + [module, "-O", "-num-threads", "2"])
                == compile + [module, "-Onone", "-num-threads", "2"])
        }
        for module in ["GHUsersKit", "NIOCore", "GRDB", "Hummingbirds", "Graph"] {
            #expect(try await Self.arguments(passedBy: "dev-swift-frontend", compile + [module, "-O"]) == compile + [module, "-O"])
        }
        #expect(try await Self.arguments(passedBy: "dev-swift-frontend", ["-frontend", "-print-target-info", "-O"]) == ["-frontend", "-print-target-info", "-O"])
        // A package plugin's build tool (its modules in Modules-tool), whatever its module.
        for path in ["/b/release/Modules-tool/ArgumentParser.swiftmodule", "/b/release/Modules/ArgumentParser.swiftmodule"] {
            let tool = ["-frontend", "-c", "/a/File.swift", "-emit-module-path", path, "-module-name", "ArgumentParser"]
            #expect(try await Self.arguments(passedBy: "dev-swift-frontend", tool + ["-O"]) == tool + [path.contains("-tool/") ? "-Onone" : "-O"])
        }
    }

    @Test("BoringSSL's C files compile at -O0, every other C file as SwiftPM asks")
    func cCompiler() async throws {
        let boringSSL = ["-O2", "-c", "/x/CNIOBoringSSL/crypto/x.cc", "-o", "/b/release/CNIOBoringSSL.build/crypto/x.cc.o"]
        #expect(try await Self.arguments(passedBy: "dev-cc", boringSSL) == boringSSL + ["-O0"])
        let ours = ["-O2", "-c", "/x/Sources/CSearch/CSearch.c", "-o", "/b/release/CSearch.build/CSearch.c.o"]
        #expect(try await Self.arguments(passedBy: "dev-cc", ours) == ours)
    }

    /// Under the development build, the build's own plan (`release.yaml`) says which modules'
    /// objects the ghusers executable links: none of them may be in the unoptimised list, and
    /// every module in the list must be one the build compiles (a stale name hides nothing).
    @Test(
        "no module ghusers links is on the unoptimised list, and every listed module is built",
        .enabled(if: ProcessInfo.processInfo.environment["GHUSERS_DEV_BUILD"] == "1", "the development build's plan (scripts/test)"))
    func unoptimisedListIsTestOnly() throws {
        let products = GHUsersProcess.productsDirectory
        let plan = try #require(
            [products.deletingLastPathComponent(), products.deletingLastPathComponent().deletingLastPathComponent()]
                .map { $0.appendingPathComponent("release.yaml") }
                .first { FileManager.default.fileExists(atPath: $0.path) },
            "no release.yaml above \(products.path)")
        let lines = try String(contentsOf: plan, encoding: .utf8).split(separator: "\n")
        // A command's inputs come before its outputs; the executable's output is …/ghusers.
        let output = try #require(lines.firstIndex { $0.hasPrefix("    outputs: [") && $0.hasSuffix("/ghusers\"]") }, "no ghusers link in \(plan.path)")
        let inputs = try #require(lines[..<output].last { $0.hasPrefix("    inputs: ") })
        let linked = Set(inputs.split(separator: "\"").compactMap { path in
            path.split(separator: "/").last { $0.hasSuffix(".build") }.map { String($0.dropLast(".build".count)) }
        })
        let unoptimised = try Self.unoptimisedModules()
        #expect(linked.count > 20 && linked.contains("NIOCore") && linked.contains("GHUsersKit"), "\(linked.sorted())")
        #expect(linked.isDisjoint(with: unoptimised), "ghusers links unoptimised \(linked.intersection(unoptimised).sorted())")
        // Swift modules' commands: "C.MODULE-TRIPLE-release.module" (the tools' end in -tool.module).
        let module = #/  "C\.([A-Za-z0-9_]+)-[^"]+-release\.module":/#
        let built = Set(lines.compactMap { line in (try? module.wholeMatch(in: String(line))).map { String($0.1) } })
        #expect(unoptimised.isSubset(of: built), "not built: \(unoptimised.subtracting(built).sorted())")
    }
}
