import Foundation
import GitHubFake
import Testing

@Suite("Eight processes on one home")
struct ConcurrencyStressTests {
    @Test("next-page, profile, note and search at once: no lock error, every note kept, one request in flight")
    func eightAtOnce() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 5_000, latency: .milliseconds(15))) { world in
            #expect(try await world.run("next-page").status == 0)
            var written: [String: String] = [:]
            for round in 0..<3 {
                let notes = ["mojombo": "round \(round) a", "defunkt": "round \(round) b", "tawk-\(round)": "uncached \(round)"]
                var running: [GHUsersProcess.Running] = []
                running.append(try world.ghusers.start(["next-page", "--pages", "3"]))
                running.append(try world.ghusers.start(["next-page", "--pages", "2"]))
                running.append(try world.ghusers.start(["profile", "octocat", "--refresh"]))
                running.append(try world.ghusers.start(["profile", "pjhyett", "--refresh"]))
                for (login, text) in notes.sorted(by: { $0.key < $1.key }) {
                    running.append(try world.ghusers.start(["note", login, text]))
                }
                running.append(try world.ghusers.start(["search", "mo"]))
                for process in running {
                    let result = try await process.finish(timeout: .seconds(120))
                    #expect(result.status == 0, "\(result)")
                    #expect(!result.stderr.localizedCaseInsensitiveContains("locked"), "\(result)")
                }
                written.merge(notes) { $1 }
            }
            let store = StoreInspector(world)
            #expect(try store.integrity() == "ok")
            let notes = try store.notes()
            for (login, text) in written { #expect(notes[login] == text, "\(login)") }
            #expect(await world.server.stats().maxInFlight == 1)
            let ids = try store.userIDs().filter { $0 < 583_231 }
            #expect(try await ServerList.isPrefix(ids, of: world.server))
        }
    }
}
