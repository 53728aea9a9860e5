import Foundation
import GitHubFake
import Testing

/// `ghusers` in a real terminal (tmux), as a user sees it.
@Suite("Avatar screens in tmux", .enabled(if: TmuxScreen.isAvailable))
struct AvatarScreenTests {
    /// Runs `body` in a world with a page of users, a note and a seen user, then stops it.
    static func withPrepared(_ body: (EndToEnd) async throws -> Void) async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "defunkt", "co-founder").status == 0)
            // Seen: a person looked at the profile on a terminal (a pipe marks nobody seen).
            #expect(try await world.runOnTerminal("profile", "pjhyett", "--avatars", "never").status == 0)
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            #expect(rows.filter { $0["seen"] as? Bool == true }.compactMap { $0["login"] as? String } == ["pjhyett"])
            try await body(world)
        }
    }

    static func show(_ world: EndToEnd, _ arguments: String, columns: Int) async throws -> TmuxScreen {
        try await TmuxScreen.run(
            "\(GHUsersProcess.binary.path) \(arguments)", columns: columns, rows: 50,
            environment: [
                "GHUSERS_HOME": world.home.path, "GHUSERS_API_URL": world.ghusers.apiURL, "TERM": "tmux-256color",
                "COLORTERM": "truecolor",
            ])
    }

    @Test("narrow: one user per entry, avatar left, fourth inverted, note marker, seen dimmed")
    func narrow() async throws {
        try await Self.withPrepared { world in
            let screen = try await Self.show(world, "list --limit 8", columns: 80)
            let lines = screen.escaped.components(separatedBy: "\n")
            let plain = screen.plain.components(separatedBy: "\n")
            func entry(_ login: String) throws -> (escaped: [String], plain: [String]) {
                let index = try #require(plain.firstIndex { $0.contains(login) }, "\(login) is not on the screen:\n\(screen.plain)")
                return (Array(lines[index..<index + 3]), Array(plain[index..<index + 3]))
            }
            // Each user: three lines starting with six avatar cells, the name beside them
            for login in ["mojombo", "defunkt", "pjhyett", "wycats", "ezmobius"] {
                let (escaped, text) = try entry(login)
                #expect(escaped.allSatisfy { $0.hasPrefix("\u{1B}[") && $0.contains("8;2;") }, "no avatar cells for \(login)")
                #expect(text[0].dropFirst(6).hasPrefix("  \(login)"))
                // A drawn avatar, not the placeholder (the user's initials on its middle line)
                #expect(!text[1].prefix(6).contains { $0.isLetter }, "\(login) has a placeholder: \(text[1])")
            }
            // The fourth and eighth users (wycats, vanpelt)' avatars are inverted (dark), the others are not
            for (login, inverted) in [("mojombo", false), ("defunkt", false), ("pjhyett", false), ("wycats", true), ("ezmobius", false), ("evanphx", false), ("vanpelt", true)] {
                let brightness = Self.meanBrightness(try entry(login).escaped)
                #expect((brightness < 128) == inverted, "\(login): mean brightness \(brightness)")
            }
            // The note marker and text
            #expect(try entry("defunkt").plain[2].contains("✎ co-founder"))
            // The seen user's text is dimmed, the others' not
            let seenLine = try entry("pjhyett").escaped[0]
            #expect(Self.isDimmed(seenLine), "\(seenLine.debugDescription)")
            #expect(!Self.isDimmed(try entry("mojombo").escaped[0]))
        }
    }

    /// The mean of every 24-bit colour channel drawn on `lines`.
    static func meanBrightness(_ lines: [String]) -> Double {
        let pattern = /8;2;(\d+);(\d+);(\d+)m/
        let channels = lines.flatMap { line in line.matches(of: pattern).flatMap { [Int($0.1)!, Int($0.2)!, Int($0.3)!] } }
        return channels.isEmpty ? 0 : Double(channels.reduce(0, +)) / Double(channels.count)
    }

    /// Whether the text after the avatar (the colours end with `ESC[49m`) is drawn dim.
    static func isDimmed(_ line: String) -> Bool {
        let text = line.components(separatedBy: "\u{1B}[49m").last ?? line
        return text.contains("\u{1B}[2m") || text.contains(";2m") || text.contains("[2;")
    }

    @Test("wide: a grid of cards per row, as many as 32-column cards fit (five at 200 columns), the name under the avatar")
    func wide() async throws {
        try await Self.withPrepared { world in
            let screen = try await Self.show(world, "list --limit 7", columns: 200)
            let plain = screen.plain.components(separatedBy: "\n")
            let names = try #require(plain.firstIndex { $0.contains("mojombo") })
            #expect(plain[names].contains("defunkt") && plain[names].contains("ezmobius"))
            #expect(!plain[names].contains("ivey"))
            #expect(plain.contains { $0.contains("ivey") && $0.contains("evanphx") })
            #expect(plain[names + 1].contains("#2 User ✎"))
            // Six lines of avatar above the names, starting where the text column does not
            let symbols = plain[names - 6..<names].joined()
            #expect(symbols.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) })
        }
    }
}
