import Foundation
import GitHubFake
import Testing

@Suite("Hostile and bad input")
struct HostileInputTests {
    static let badLogins = ["", String(repeating: "a", count: 40), "a?b", "a%2Fb", "a.b", "../x", "a/b", "a b", "tab\there", "nul\u{1}", "esc\u{1B}[2J", "zoë", "名前"]

    @Test("bad logins are refused before any network call, for profile and note", arguments: badLogins)
    func badLogin(login: String) async throws {
        try await EndToEnd.with { world in
            for arguments in [["profile", "--", login], ["note", "--", login, "text"]] {
                let result = try await world.run(arguments)
                #expect(result.status == 64, "\(arguments): \(result)")
                #expect(result.stderr.contains("a GitHub login is 1 to 39 letters, digits, hyphens or underscores"))
                #expect(!result.stderr.contains("\u{1B}"), "the echoed login is sanitised")
            }
            #expect(await world.server.stats().requests == 0)
        }
    }

    @Test("notes round-trip byte for byte through stdin: one trailing newline dropped going in, one added coming out", arguments: [
        "multi\nline\r\nnote\n\n", "emoji 🧑‍💻🇺🇦 ✎", String(repeating: "0123456789abcdef\n", count: 6_400), "\u{1B}]52;c;ZXZpbA==\u{7} kept as data\r\n",
    ])
    func notesRoundTrip(text: String) async throws {
        try await EndToEnd.with { world in
            #expect(try await world.run("note", "tawk", "-", input: text).status == 0)
            var stored = text
            if stored.hasSuffix("\n") || stored.hasSuffix("\r\n") { stored.removeLast() }  // "\r\n" is one Character
            let json = try await world.run("--json", "note", "tawk")
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(Data((object?["note"] as? String ?? "").utf8) == Data(stored.utf8), "stored less one trailing newline")
            // What `note LOGIN` prints goes back in unchanged: `ghusers note a | ghusers note b -`.
            let shown = try await world.run("note", "tawk")
            #expect(Data(shown.stdout.utf8) == Data((stored + "\n").utf8))
            #expect(try await world.run("note", "mojombo", "-", input: shown.stdout).status == 0)
            #expect(try await world.run("note", "mojombo").stdout == shown.stdout)
        }
    }

    @Test("a note of only white space is refused like an empty one, from the line and from stdin")
    func blankNote() async throws {
        try await EndToEnd.with { world in
            for (arguments, input) in [(["note", "tawk", "  \t "], nil), (["note", "tawk", "-"], " \n\n")] as [([String], String?)] {
                let result = try await world.run(arguments, input: input)
                #expect(result.status == 64 && result.stderr.contains("ghusers: error: the note is empty"), "\(arguments): \(result)")
            }
            #expect(try await world.run("note", "tawk").status == 3, "nothing saved")
        }
    }

    @Test("escape sequences in server text and notes never reach the terminal")
    func escapeSequences() async throws {
        try await EndToEnd.with { world in
            let hostile: [ProfileTextField: String] = [
                .name: "\u{1B}[2J\u{1B}[HEvil Name",
                .bio: "bio \u{1B}]52;c;c3RvbGVu\u{7} clipboard\nsecond line \u{9B}31m",
                .company: "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\",
                .location: "Berlin\u{7}\u{8}\u{8}\u{8}",
                .blog: "https://example.com/\u{202E}gpj.exe",
            ]
            for (field, value) in hostile { await world.server.setProfileText(login: "mojombo", field: field, to: value) }
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "note \u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{7}").status == 0)
            for arguments in [["profile", "mojombo"], ["list", "--limit", "3"], ["search", "mojombo"], ["search", "red"]] {
                let result = try await world.run(arguments + ["--color", "never"])
                #expect(result.status == 0, "\(arguments): \(result)")
                let controls = result.stdout.unicodeScalars.filter(Self.isUnsafe)
                #expect(controls.isEmpty, "\(arguments) printed \(controls.map { String($0.value, radix: 16) })")
            }
            let profile = try await world.run("profile", "mojombo", "--color", "never")
            #expect(profile.stdout.contains("Evil Name"))
            #expect(profile.stdout.contains("clipboard"))
            // --json keeps the data as data: escaped in JSON strings, never raw.
            let json = try await world.run("profile", "mojombo", "--json")
            #expect(!json.stdout.contains("\u{1B}"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["name"] as? String == hostile[.name])
        }
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\n" { return false }
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x202E
    }

    @Test("multi-megabyte fields are capped; unknown fields are ignored; missing optional fields tolerated")
    func hugeFields() async throws {
        try await EndToEnd.with { world in
            await world.server.setProfileText(login: "defunkt", field: .bio, to: String(repeating: "B", count: 3_000_000))
            await world.server.setProfileText(login: "defunkt", field: .name, to: nil)
            await world.server.setProfileText(login: "defunkt", field: .company, to: nil)
            let result = try await world.run("profile", "defunkt", "--json")
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect((object["bio"] as? String)?.count == 1_024)
            #expect(object["name"] is NSNull)
            let size = try FileManager.default.attributesOfItem(atPath: world.database.path)[.size] as? Int ?? 0
            #expect(size < 1_000_000)
        }
    }

    @Test("a profile whose data breaks the rules is refused once, not retried, exit 1")
    func invalidProfile() async throws {
        try await EndToEnd.with { world in
            await world.server.inject(.invalidItems)
            let result = try await world.run("profile", "mojombo")
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("refuses"))
            #expect(await world.apiRequests().count == 1)
        }
    }

    @Test("the token is never printed, logged or stored; files are the owner's alone")
    func secrets() async throws {
        try await EndToEnd.with { world in
            let token = "ghp_DoNotLeakMe0123456789"
            let environment = ["GH_ENTERPRISE_TOKEN": token, "GHUSERS_LOG": "debug"]
            for arguments in [
                ["next-page"], ["profile", "octocat", "--avatars", "always"], ["list", "--limit", "3", "--avatars", "always"], ["status"],
                ["note", "tawk", "x"],
            ] {
                let result = try await world.run(arguments, environment: environment)
                #expect(result.status == 0)
                #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
            }
            // next-page and profile reached the API (the check is not over an empty list), each with the token
            let requests = await world.apiRequests()
            #expect(requests.count >= 2 && requests.allSatisfy { $0.headers["authorization"] == "Bearer \(token)" }, "\(requests.map(\.path))")
            // Avatars were fetched (the check below is not over an empty list), none with the token
            let avatars = await world.server.stats().log.filter { $0.path.hasPrefix("/avatars") }
            #expect(avatars.count == 4, "\(avatars.map(\.path))")
            #expect(avatars.allSatisfy { $0.headers["authorization"] == nil })
            let files = FileManager.default.enumerator(at: world.home, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            #expect(!files.isEmpty)
            for file in files {
                let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
                let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
                let isDirectory = attributes[.type] as? FileAttributeType == .typeDirectory
                #expect(mode == (isDirectory ? 0o700 : 0o600), "\(file.lastPathComponent) has mode \(String(mode, radix: 8))")
                if !isDirectory { #expect(try Data(contentsOf: file).range(of: Data(token.utf8)) == nil, "\(file.lastPathComponent) holds the token") }
            }
            let homeMode = (try FileManager.default.attributesOfItem(atPath: world.home.path)[.posixPermissions] as? Int ?? 0) & 0o777
            #expect(homeMode == 0o700)
        }
    }
}
