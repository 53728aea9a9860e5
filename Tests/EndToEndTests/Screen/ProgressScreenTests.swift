import Foundation
import GitHubFake
import Testing

/// One status line on a terminal, rewritten in place: a long `next-page`
/// into a file says how far it got, and `--wait` tells its retries on one line, not a line each.
@Suite("Progress on a terminal", .enabled(if: TmuxScreen.isAvailable))
struct ProgressScreenTests {
    static func start(_ world: EndToEnd, _ arguments: String) async throws -> TmuxSession {
        try await TmuxSession.start(
            "\(GHUsersProcess.binary.path) \(arguments)", columns: 80, rows: 24,
            environment: ["GHUSERS_HOME": world.home.path, "GHUSERS_API_URL": world.ghusers.apiURL, "GHUSERS_NO_GH": "1", "TERM": "tmux-256color"])
    }

    @Test("next-page --pages 5 into a file: a progress line on the terminal while it runs, erased at the end for one summary line")
    func progressIntoAFile() async throws {
        var configuration = FakeConfiguration(userCount: 1_000)
        configuration.latency = .milliseconds(400)
        try await EndToEnd.with(configuration) { (world: EndToEnd) async throws in
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-pages-\(UUID().uuidString).txt").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            let session = try await Self.start(world, "next-page --pages 5 > '\(output)'")
            defer { session.close() }
            _ = try await session.waitFor("the progress line") { $0.contains("of 5 pages, ") && $0.contains("users saved") }
            let screen = try await session.waitFor("the end") { $0.contains("__EXIT 0") }
            #expect(!screen.contains("of 5 pages"), "erased at the end:\n\(screen)")
            #expect(screen.contains("ghusers: saved 500 users from 5 pages"), "what it said stays as one line:\n\(screen)")
            let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 500, "the rows went to the file only")
        }
    }

    @Test("next-page --wait on a terminal: each retry rewrites one line; the rows follow on a clean line")
    func waitRewritesOneLine() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 1_000)) { (world: EndToEnd) async throws in
            await world.server.inject(.status(503), count: 3)
            let session = try await Self.start(world, "next-page --wait --avatars never")
            defer { session.close() }
            // Each sample notes the rows holding a retry line and the attempt each names: a line
            // rewritten in place shows two attempts or more, on one row, never two lines at once.
            var rows = Set<Int>()
            var attempts = Set<Substring>()
            var most = 0
            var screen = ""
            let deadline = ContinuousClock.now + .seconds(60)
            while !screen.contains("__EXIT"), ContinuousClock.now < deadline {
                screen = try await session.screen()
                let retrying = screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { $0.element.contains("retrying in") }
                most = max(most, retrying.count)
                for (row, line) in retrying {
                    rows.insert(row)
                    if let attempt = line.firstMatch(of: /attempt \d+/) { attempts.insert(attempt.output) }
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(screen.contains("__EXIT 0"), "\(screen)")
            #expect(most == 1, "one status line, rewritten: at most \(most) at once")
            #expect(attempts.count >= 2, "the line was seen rewritten, attempt by attempt: \(attempts.sorted())")
            #expect(rows.count == 1, "every attempt on the same row: rows \(rows.sorted())")
            #expect(!screen.contains("retrying in"), "erased before the rows:\n\(screen)")
            #expect(await world.apiRequests().count >= 4, "three 503s, then the page")
        }
    }
}
