import Foundation
import GitHubFake
import Testing

/// The global options (`--api-url`, `--home`, `--offline`, `--json`, `--color`) mean the same
/// before the command as after it, for every command; given on both sides, the later one wins.
@Suite("Global options before or after the command")
struct GlobalOptionsEndToEndTests {
    /// Every command, with arguments that run it without a terminal.
    static let commands: [[String]] = [
        ["status"], ["list", "--limit", "3"], ["search", "mo"], ["profile", "mojombo"], ["note", "mojombo"],
        ["notes", "export"], ["cache"], ["next-page"], ["refresh"], ["avatars", "prefetch"], ["browse"],
    ]

    @Test("every command reads them on either side, with the same result")
    func bothSides() async throws {
        try await EndToEnd.with { world in
            // The data lives in another home than GHUSERS_HOME: only a --home that is read finds it.
            let other = world.home.appendingPathComponent("other").path
            #expect(try await world.run("--home", other, "next-page").status == 0)
            #expect(try await world.run("--home", other, "profile", "mojombo").status == 0)
            #expect(try await world.run("note", "mojombo", "the first", "--home", other).status == 0)
            let global = ["--home", other, "--offline", "--json", "--color", "never", "--api-url", world.server.baseURL]
            for command in Self.commands {
                let before = try await world.run(global + command)
                let after = try await world.run(command + global)
                #expect(before.status == after.status, "\(command): \(before) vs \(after)")
                if command != ["notes", "export"] {  // it stamps the time of the export
                    #expect(before.stdout == after.stdout, "\(command)")
                }
            }
            let list = try await world.run("--home", other, "--json", "list")
            #expect(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) is [Any], "\(list)")
            #expect(try await world.run("--offline", "--home", other, "next-page").status == 5)
            #expect(try await world.run("--home", other, "--color", "always", "list").stdout.contains("\u{1B}["))
            let badURL = try await world.run("--api-url", "ftp://x", "status")
            #expect(badURL.status == 64 && badURL.stderr.contains("not an http(s) URL"), "\(badURL)")
            #expect(try await world.run("--bogus", "status").status == 64)
        }
    }

    @Test("given on both sides, the one after the command wins")
    func laterWins() async throws {
        try await EndToEnd.with { world in
            let first = world.home.appendingPathComponent("first").path
            let second = world.home.appendingPathComponent("second").path
            let status = try await world.run("--home", first, "status", "--home", second, "--json")
            #expect(status.status == 0, "\(status)")
            #expect(status.stdout.contains(second) && !status.stdout.contains(first), "\(status)")
            let colour = try await world.run("--color", "always", "--home", first, "status", "--color", "never")
            #expect(!colour.stdout.contains("\u{1B}["))
        }
    }

    @Test("--help names each global option once, at the top and for a command")
    func helpOnce() async throws {
        try await EndToEnd.with { world in
            for arguments in [["--help"], ["list", "--help"], ["help", "profile"], ["--offline", "search", "--help"]] {
                let help = try await world.run(arguments)
                #expect(help.status == 0, "\(help)")
                for option in ["--api-url", "--home", "--offline", "--json", "--color"] {
                    #expect(help.stdout.components(separatedBy: "  \(option)").count == 2, "\(arguments): \(option)\n\(help.stdout)")
                }
            }
        }
    }
}
