import Foundation
import GitHubFake
import Testing

/// A full disk under each of the files ghusers writes, on a small tmpfs: the notes backup, the
/// database and the avatar cache. (Standard output on `/dev/full` is in ``WriteFailureTests``.)
@Suite("A full disk")
struct DiskFullTests {
    @Test("notes export -o on a full filesystem: exit 1, the previous backup kept whole")
    func notesExport() async throws {
        try await Tmpfs.with(size: "96k") { disk in
            try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
                #expect(try await world.run("note", "mojombo", "first note").status == 0)
                let backup = disk.url.appendingPathComponent("notes.json")
                #expect(try await world.run("notes", "export", "-o", backup.path).status == 0)
                let good = try Data(contentsOf: backup)
                // Enough notes that the next export cannot fit beside the old one
                let notes = (1...300).map { index in
                    #"{"login":"user-\#(index)","id":null,"note":"\#(String(repeating: "n", count: 400))","updated_at":"2026-01-01T00:00:00Z"}"#
                }
                let archive = #"{"format":"ghusers-notes","version":1,"exported_at":"2026-01-01T00:00:00Z","notes":["# + notes.joined(separator: ",") + "]}"
                // (no site in it: an export from before sites, github.com's, so the import is asked for)
                #expect(try await world.run(["notes", "import", "-", "--from-other-site"], input: archive).status == 0)
                let full = try await world.run("notes", "export", "-o", backup.path)
                #expect(full.status == 1, "\(full)")
                #expect(full.stderr.contains("No space left on device") && full.stderr.contains(backup.path), "\(full)")
                #expect(!full.stderr.contains("exported"), "\(full)")
                #expect(try Data(contentsOf: backup) == good, "the previous backup was replaced")
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: disk.url.path)
                #expect(leftovers == ["notes.json"], "\(leftovers)")
            }
        }
    }

    @Test("a page save that fills the disk rolls back, keeps the store sound, says so; the next run once there is room goes on")
    func database() async throws {
        try await Tmpfs.with(size: "2m") { disk in
            let home = disk.url.appendingPathComponent("home")
            try await EndToEnd.with(FakeConfiguration(userCount: 20_000), home: home) { world in
                #expect(try await world.run("next-page").status == 0)
                #expect(try await world.run("note", "mojombo", "a cached user's note").status == 0)
                #expect(try await world.run("note", "not-cached-yet", "a note waiting for its user").status == 0)
                let store = StoreInspector(world)
                let before = try store.userIDs()
                let notes = try store.notes()
                // Room to open the database (its -shm file is 32 KiB) and save a few pages of 100 users (3), not 100.
                try disk.fill(leaving: 320 << 10)
                let full = try await world.run("next-page", "--pages", "100", "--json")
                #expect(full.status == 7, "\(full)")
                let lines = full.stderr.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].contains("the disk is full") && lines[0].contains(store.url.path), "\(full)")
                // Whole pages or none: sound, the old users and notes there, the cursor at the last saved user
                #expect(try store.integrity() == "ok")
                let after = try store.userIDs()
                #expect(after.starts(with: before) && after.count > before.count && after.count < 100 * 100, "\(after.count)")
                #expect(after.count % 100 == 0, "\(after.count) users: a page was saved in part")
                #expect(try store.cursor() == after.last)
                #expect(try await ServerList.isPrefix(after, of: world.server))
                #expect(try store.notes() == notes)
                // Once there is room again, sync goes on from there
                try disk.free()
                let next = try await world.run("next-page")
                #expect(next.status == 0, "\(next)")
                #expect(try store.userIDs().count == after.count + 100)
                #expect(try store.integrity() == "ok")
            }
        }
    }

    @Test("a full avatar cache is a notice, never a failed command: the avatars are drawn all the same")
    func avatarCache() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 60)) { world in
            #expect(try await world.run("next-page").status == 0)
            try await Tmpfs.with(size: "1m", at: world.home.appendingPathComponent("cache")) { disk in
                try disk.fill()
                let list = try await world.run("list", "--limit", "6", "--avatars", "always")
                #expect(list.status == 0, "\(list)")
                #expect(list.stdout.contains("mojombo"))
                let notices = list.stderr.split(separator: "\n")
                #expect(notices.count == 1 && notices[0].contains("not kept in the cache") && notices[0].contains("No space left on device"), "\(list)")
                #expect(await world.server.stats().log.count { $0.path.hasPrefix("/avatars") } == 6)
                // avatars prefetch exists to keep them: there a full disk is an error
                let prefetch = try await world.run("avatars", "prefetch")
                #expect(prefetch.status == 1, "\(prefetch)")
                #expect(prefetch.stderr.contains("prefetched 0 avatars"), "\(prefetch)")
                #expect(prefetch.stderr.contains("60 avatars were downloaded but not kept: cannot write"), "\(prefetch)")
                #expect(prefetch.stderr.contains("No space left on device"), "\(prefetch)")
                // With room, the same list keeps them: a second run downloads nothing
                try disk.free()
                let kept = try await world.run("list", "--limit", "6", "--avatars", "always")
                #expect(kept.status == 0 && kept.stderr.isEmpty, "\(kept.stderr)")
                let downloads = await world.server.stats().log.count { $0.path.hasPrefix("/avatars") }
                #expect(try await world.run("list", "--limit", "6", "--avatars", "always").status == 0)
                #expect(await world.server.stats().log.count { $0.path.hasPrefix("/avatars") } == downloads)
            }
        }
    }
}
