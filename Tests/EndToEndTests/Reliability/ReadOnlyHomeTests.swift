import Foundation
import GitHubFake
import Testing

/// A home that cannot be written (a backup, a snapshot, a shared mount): everything that only
/// reads works, `notes export` first, and a write says which file and what to do.
@Suite("a read-only home")
struct ReadOnlyHomeTests {
    @Test("reads work on a read-only home; a write names the file and exits 7; nothing changes")
    func readOnlyHome() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            // Given: a home with a page, a note and a profile, closed cleanly.
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "met at a conference").status == 0)
            #expect(try await world.run("profile", "defunkt").status == 0)
            try await ReadOnlyMount.with(world.home) { home in
                let reader = GHUsersProcess(home: home, apiURL: world.ghusers.apiURL)
                func run(_ arguments: [String]) async throws -> GHUsersProcess.Result { try await reader.run(arguments) }
                func run(_ arguments: String...) async throws -> GHUsersProcess.Result { try await reader.run(arguments) }
                // When / Then: every read.
                let export = try await run("notes", "export")
                #expect(export.status == 0 && export.stdout.contains("met at a conference"), "\(export)")
                // `profile` without --offline too: a read-only home keeps nothing fetched, so it shows the cache.
                for arguments in [["status"], ["list", "--limit", "3"], ["search", "moj"], ["note", "mojombo"], ["profile", "defunkt", "--offline"], ["profile", "defunkt"]] {
                    let result = try await run(arguments)
                    #expect(result.status == 0, "\(arguments): \(result)")
                }
                // A write: the file named, what to do said, exit 7.
                let write = try await run("note", "mojombo", "changed")
                #expect(write.status == 7, "\(write)")
                #expect(write.stderr.contains("ghusers.sqlite") && write.stderr.contains("read-only") && write.stderr.contains("--home"), "\(write)")
                #expect(write.stderr.split(separator: "\n").count == 1, "\(write)")
                let page = try await run("next-page")
                #expect(page.status == 7 && page.stderr.contains("read-only"), "\(page)")
                let avatars = try await run("avatars", "prefetch")
                #expect(avatars.status == 7 && avatars.stderr.contains("read-only") && avatars.stderr.split(separator: "\n").count == 1, "\(avatars)")
            }
            // Nothing changed.
            #expect(try await world.run("note", "mojombo").stdout == "met at a conference\n")
        }
    }
}
