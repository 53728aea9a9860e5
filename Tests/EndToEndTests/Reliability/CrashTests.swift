import Foundation
import GitHubFake
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILL at random moments, seeded so a failure can be replayed: the database stays sound,
/// the cached ids stay exactly a prefix of the server's list, and notes stay intact.
@Suite("Crashes")
struct CrashTests {
    static let seed: UInt64 = 0x6768_7573_6572_73  // "ghusers"
    /// Kills a test makes: 10 a run, `GHUSERS_CRASH_TRIALS=50` (or more) for a deeper search,
    /// as Docs/RELIABILITY.md's figures were measured.
    static let trials = ProcessInfo.processInfo.environment["GHUSERS_CRASH_TRIALS"].flatMap { Int($0) }.map { max(1, $0) } ?? 10

    @Test("next-page --pages 20 killed again and again (10 times, GHUSERS_CRASH_TRIALS): integrity, prefix, cursor and notes hold")
    func killedWhilePaging() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100_000, latency: .milliseconds(3))) { world in
            #expect(try await world.run("note", "defunkt", "written before the crashes ✎").status == 0)
            let store = StoreInspector(world)
            var random = SeededGenerator(seed: Self.seed)
            var killed = 0
            for trial in 0..<Self.trials {
                let running = try world.ghusers.start(["next-page", "--pages", "20"])
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...400, using: &random)))
                if running.process.isRunning {
                    kill(running.process.processIdentifier, SIGKILL)
                    killed += 1
                }
                let result = try await running.finish(timeout: .seconds(60))
                #expect(result.status == 0 || result.status == SIGKILL, "trial \(trial): \(result)")

                #expect(try store.integrity() == "ok", "trial \(trial)")
                let ids = try store.userIDs()
                #expect(ids.count % 100 == 0, "trial \(trial): whole pages only, got \(ids.count)")
                #expect(try store.cursor() == ids.last, "trial \(trial)")
                #expect(try store.notes()["defunkt"] == "written before the crashes ✎", "trial \(trial)")
            }
            let ids = try store.userIDs()
            #expect(try await ServerList.isPrefix(ids, of: world.server))
            #expect(killed * 2 >= Self.trials, "most trials were killed mid-run (\(killed) of \(Self.trials))")
            print("CRASH-ROW | next-page --pages 20 | \(Self.trials) trials | \(killed) killed | \(ids.count) users cached | integrity ok |")
        }
    }

    @Test("note killed while writing, again and again: the note is the old or the new text, never anything else")
    func killedWhileWritingNotes() async throws {
        try await EndToEnd.with { world in
            #expect(try await world.run("note", "tawk", "version 0").status == 0)
            #expect(try await world.run("note", "octocat", "untouched").status == 0)
            let store = StoreInspector(world)
            var random = SeededGenerator(seed: Self.seed &+ 1)
            var current = "version 0"
            var killed = 0
            for trial in 1...Self.trials {
                let next = "version \(trial)\n" + String(repeating: "✎", count: Int.random(in: 0...20_000, using: &random))
                let running = try world.ghusers.start(["note", "tawk", "-"], input: Data(next.utf8))
                try await Task.sleep(for: .microseconds(Int.random(in: 0...60_000, using: &random)))
                if running.process.isRunning {
                    kill(running.process.processIdentifier, SIGKILL)
                    killed += 1
                }
                let result = try await running.finish(timeout: .seconds(30))
                let saved = try store.notes()["tawk"]
                #expect(try store.integrity() == "ok")
                if result.status == 0 {
                    #expect(saved == next, "trial \(trial): a note reported saved is saved")
                } else {
                    #expect(saved == current || saved == next, "trial \(trial): old or new, never a mix")
                }
                current = saved ?? current
                #expect(try store.notes()["octocat"] == "untouched")
            }
            print("CRASH-ROW | note LOGIN - | \(Self.trials) trials | \(killed) killed | old-or-new held | integrity ok |")
        }
    }
}
