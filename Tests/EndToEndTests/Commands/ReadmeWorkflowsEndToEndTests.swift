import Foundation
import GitHubFake
import Testing

/// README's three workflows, run as written against the fake, with the environment README's
/// fake block exports (its token included): only the fake's address, the homes' folders and
/// `bash scripts/run` (the binary it builds and runs, which these tests start) are this
/// test's own.
@Suite("README's workflows, as written")
struct ReadmeWorkflowsEndToEndTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// The `sh` blocks of the section whose heading starts with `heading`, in order.
    static func blocks(under heading: String) throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n" + heading), "README has no section \(heading)")
        let rest = text[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        return section.components(separatedBy: "```sh\n").dropFirst().map { String($0[..<$0.range(of: "```")!.lowerBound]) }
    }

    /// Runs README's section `heading` in a shell: the fake block's `export` line first, then
    /// each block; `between` runs after each block but the last. Returns each block's run.
    static func run(_ heading: String, between: (EndToEnd) async -> Void = { _ in }) async throws -> [GHUsersProcess.Result] {
        let exports = try #require(try blocks(under: "## Set up").last?.split(separator: "\n").first { $0.hasPrefix("export ") })
        #expect(exports.contains("GH_ENTERPRISE_TOKEN=") && exports.contains("GHUSERS_API_URL=") && exports.contains("GHUSERS_HOME="))
        return try await EndToEnd.with(FakeConfiguration(userCount: 5000)) { world in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-readme-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            var results: [GHUsersProcess.Result] = []
            let sections = try blocks(under: heading)
            #expect(!sections.isEmpty)
            for (index, block) in sections.enumerated() {
                let script = (["set -euo pipefail", "cd '\(folder.path)'", String(exports), block].joined(separator: "\n"))
                    .replacingOccurrences(of: "http://127.0.0.1:8080", with: world.server.baseURL)
                    .replacingOccurrences(of: "/tmp/ghusers-demo", with: world.home.path)
                    .replacingOccurrences(of: "/tmp/ghusers-other", with: folder.appendingPathComponent("other-home").path)
                    .replacingOccurrences(of: "bash scripts/run ", with: "'\(GHUsersProcess.binary.path)' ")
                var shell = world.ghusers
                shell.executable = URL(fileURLWithPath: "/bin/bash")
                let result = try await shell.run(["-c", script])
                #expect(result.status == 0, "\(heading), block \(index + 1):\n\(block)\n\(result)")
                results.append(result)
                if index + 1 < sections.count { await between(world) }
            }
            return results
        }
    }

    @Test("walk the list: pages, a profile, a note, a search over notes and one with a qualifier")
    func walkTheList() async throws {
        let results = try await Self.run("## Walk the list")
        let out = results.map(\.stdout).joined()
        #expect(out.contains("mojombo") && out.contains("met at the Ruby conf"), "\(out)")
    }

    @Test("a kept query: its cost first, users.csv, the top five offline, then a refresh naming what changed")
    func keptQuery() async throws {
        let results = try await Self.run("## A kept query") { world in
            // A week later: an account of the answer deleted.
            let rows = (try? await world.json("search", "location:berlin followers:>10", "--offline", "--json")) as? [[String: Any]] ?? []
            if let id = rows.first?["id"] as? Int { await world.server.deleteUser(id: id) }
        }
        #expect(results.count == 2)
        #expect(results[0].stdout.contains("GitHub counts") && results[0].stdout.contains("location:berlin followers:>10\t"), "\(results[0])")
        #expect(results[1].stderr.contains("since the last run: 0 joined, 1 left") && results[1].stderr.contains("(gone from GitHub)"), "\(results[1])")
        #expect(results[1].stdout.contains("0 joined, 1 left"), "searches show: \(results[1])")
    }

    @Test("notes on two machines: an export imported into another home")
    func notesOnTwoMachines() async throws {
        let results = try await Self.run("## Notes on two machines")
        #expect(results.last?.stdout.contains("GitHub co-founder") == true, "\(results)")
    }
}
