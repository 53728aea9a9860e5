import Foundation
import GitHubFake
import Testing

/// For each network fault: the real binary runs `next-page` once more on a home that holds one
/// page and a note, then the store is checked. Every case ends recovered by retry or with one
/// clear error line and a documented exit code; the cursor is unchanged or moved by exactly one
/// whole page; the cached ids are exactly a prefix of the server's list; the note is untouched.
///
/// Each case prints a `FAULT-ROW` line (fault, attempts, outcome, seconds) for Docs/RELIABILITY.md.
@Suite("Network faults end to end")
struct NetworkFaultTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var fault: Fault?
        var count: Int = 1
        var refuseFor: Duration?
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var expectedStatus: Int32
        var testDescription: String { name }
    }

    /// Which statuses are retried is decided once, in unit tests (GitHubClientTests,
    /// RetryPolicyPropertyTests, RequestFailureTests); here one recovered and one exhausted status
    /// fault, then each rate limit and transport fault as the real binary meets it.
    static let cases: [Case] = [
        Case(name: "503 twice", fault: .status(503), count: 2, expectedStatus: 0),
        Case(name: "503 on every attempt", fault: .status(503), count: 5, expectedStatus: 1),
        Case(name: "429 with Retry-After: 1", fault: .tooManyRequests(retryAfter: 1), expectedStatus: 0),
        Case(name: "403 primary limit, reset in 1 h", fault: .primaryRateLimit(resetIn: 3_600), expectedStatus: 6),
        Case(name: "403 primary limit, reset in 2 s", fault: .primaryRateLimit(resetIn: 2), expectedStatus: 0),
        Case(name: "403 secondary limit, Retry-After: 1", fault: .secondaryRateLimit(retryAfter: 1), expectedStatus: 0),
        Case(name: "403 secondary limit, Retry-After: 1 h", fault: .secondaryRateLimit(retryAfter: 3_600), expectedStatus: 6),
        Case(name: "connection dropped before the response, twice", fault: .dropConnection, count: 2, expectedStatus: 0),
        Case(name: "connection dropped mid-body, twice", fault: .dropMidBody, count: 2, expectedStatus: 0),
        Case(name: "truncated body, twice", fault: .truncatedBody, count: 2, expectedStatus: 0),
        Case(name: "invalid JSON with 200, twice", fault: .invalidJSON, count: 2, expectedStatus: 0),
        Case(name: "HTML error page with 200, twice", fault: .htmlErrorPage, count: 2, expectedStatus: 0),
        Case(name: "invalid JSON on every attempt", fault: .invalidJSON, count: 5, expectedStatus: 1),
        Case(
            // The fake is a process of its own: its answer to the retry is not held up by the
            // tests beside it, so 3 s is ample for a page on loopback.
            name: "response slower than the read timeout (6 s vs 3 s)", fault: .slow(.seconds(6)),
            environment: ["GHUSERS_READ_TIMEOUT": "3"], expectedStatus: 0),
        Case(name: "connections refused for 60 s, no --wait", refuseFor: .seconds(60), expectedStatus: 5),
        Case(name: "connections refused for 3 s, --wait", refuseFor: .seconds(3), arguments: ["--wait"], expectedStatus: 0),
    ]

    @Test("each fault ends recovered or with a clear error, and the store stays whole", arguments: cases)
    func fault(_ testCase: Case) async throws {
        try await EndToEnd.with { world in
            // Given a home with one page and a note.
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "keep this note\nline 2").status == 0)
            let store = StoreInspector(world)
            let cursorBefore = try store.cursor()
            let idsBefore = try store.userIDs()
            await world.server.resetStats()

            // When the fault strikes during the next page.
            if let fault = testCase.fault { await world.server.inject(fault, count: testCase.count) }
            if let refuseFor = testCase.refuseFor { try await world.server.refuseConnections(for: refuseFor) }
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await world.run(["next-page"] + testCase.arguments, environment: testCase.environment)
            let seconds = (clock.now - start).seconds
            let attempts = await world.apiRequests().count

            // Then: the documented outcome,
            #expect(result.status == testCase.expectedStatus, "\(result)")
            let errorLines = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
            if testCase.expectedStatus == 0 {
                #expect(errorLines.isEmpty, "\(result)")
            } else {
                #expect(errorLines.count == 1, "one clear error line: \(result)")
                #expect(result.stdout.isEmpty)
            }
            // the cursor unchanged or moved by exactly one page, no user skipped or duplicated,
            let ids = try store.userIDs()
            #expect(try store.integrity() == "ok")
            // A page is 100 users: the first one (per_page=100, more listed after it) set the page size.
            #expect(ids.count == idsBefore.count || ids.count == idsBefore.count + 100)
            #expect(Array(ids.prefix(idsBefore.count)) == idsBefore)
            #expect(try store.cursor() == (ids.count == idsBefore.count ? cursorBefore : ids.last))
            if testCase.expectedStatus == 0 { #expect(ids.count == idsBefore.count + 100) }
            await world.server.reset()
            if testCase.refuseFor == nil || testCase.expectedStatus == 0 {
                #expect(try await ServerList.isPrefix(ids, of: world.server))
            }
            // and the note untouched.
            #expect(try store.notes() == ["mojombo": "keep this note\nline 2"])

            let tries = result.stderr.components(separatedBy: "retrying in").count
            let outcome = result.status == 0 ? "recovered" : "exit \(result.status): " + (errorLines.first.map(String.init) ?? "")
            print("FAULT-ROW | \(testCase.name) | \(tries) (\(attempts) reached the server) | \(outcome) | \(String(format: "%.1f", seconds)) s |")
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
