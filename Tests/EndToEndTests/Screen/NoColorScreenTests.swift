import Foundation
import GitHubFake
import Testing

/// NO_COLOR means no colour (no-color.org): on a terminal, `--avatars auto` draws no avatar
/// (an avatar is colour); `--avatars always` still does, as asked (issue #31).
@Suite("NO_COLOR on a terminal", .serialized, .enabled(if: TmuxScreen.isAvailable))
struct NoColorScreenTests {
    static func show(_ world: EndToEnd, _ arguments: String, noColor: Bool) async throws -> TmuxScreen {
        var environment = [
            "GHUSERS_HOME": world.home.path, "GHUSERS_API_URL": world.ghusers.apiURL, "TERM": "tmux-256color", "COLORTERM": "truecolor",
        ]
        if noColor { environment["NO_COLOR"] = "1" }
        return try await TmuxScreen.run("\(GHUsersProcess.binary.path) \(arguments)", columns: 80, rows: 30, environment: environment)
    }

    @Test("list with NO_COLOR: rows without avatars or any colour; --avatars always draws them; without NO_COLOR, avatars")
    func noColor() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            let plain = try await Self.show(world, "list --limit 4", noColor: true)
            #expect(plain.plain.contains("mojombo") && !plain.escaped.contains("\u{1B}["), "no escape at all:\n\(plain.escaped)")
            let always = try await Self.show(world, "list --limit 4 --avatars always", noColor: true)
            #expect(always.escaped.contains("8;2;"), "asked for: drawn")
            let colored = try await Self.show(world, "list --limit 4", noColor: false)
            #expect(colored.escaped.contains("8;2;"), "a colour terminal draws them")
        }
    }
}
