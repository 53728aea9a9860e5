import Foundation
import Testing

@testable import GHUsersKit

@Suite("Rendering: sanitising, JSON, rows")
struct RenderingTests {
    @Test("escape sequences from the network never reach the terminal", arguments: [
        "\u{1B}[2J\u{1B}[H", "\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "\u{9B}31m",
        "a\rb", "\u{202E}txt.exe",
    ])
    func sanitises(text: String) {
        let clean = TerminalSanitizer.sanitize(text)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(!clean.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
    }

    @Test("ordinary text is left alone")
    func keepsText() {
        #expect(TerminalSanitizer.sanitize("Zoë 🧑‍💻\nline 2\tx") == "Zoë 🧑‍💻\nline 2\tx")
    }

    @Test("JSON rows parse back to the same values, with GitHub's field names")
    func jsonRoundTrip() throws {
        var user = Factory.user(42, "Quote")
        user.type = "Us\"er\\\u{1B}\n"
        var writer = JSONWriter()
        writer.write(UserDetails(user: user, note: "note ✎ \u{0}", seen: true), links: UserLinks(apiRoot: CombinedService.Configuration.gitHubAPI))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        #expect(object["login"] as? String == "Quote")
        #expect(object["id"] as? Int == 42)
        #expect(object["type"] as? String == user.type)
        #expect(object["note"] as? String == "note ✎ \u{0}")
        #expect(object["seen"] as? Bool == true)
        #expect(object["site_admin"] as? Bool == false)
        #expect(object["avatar_url"] as? String == "https://avatars.example/u/42")
        writer.reset()
        writer.write(UserDetails(user: user), links: UserLinks(apiRoot: CombinedService.Configuration.gitHubAPI))
        let second = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        #expect(second["note"] is NSNull)
    }

    @Test("rows align, mark notes, and dim seen users only in colour")
    func rows() {
        let plain = UserRowFormatter(color: false)
        let row = plain.line(UserDetails(user: Factory.user(1, "mojombo"), note: "first line\nsecond", seen: true))
        #expect(row == "        1  mojombo               User         ✎ first line")
        #expect(!row.contains("\u{1B}"))
        let coloured = UserRowFormatter(color: true).line(UserDetails(user: Factory.user(1, "mojombo"), seen: true))
        #expect(coloured.hasPrefix("\u{1B}[2m") && coloured.hasSuffix("\u{1B}[0m"))
    }

    @Test("colour follows --color, NO_COLOR, CLICOLOR_FORCE and TERM")
    func colorMode() {
        #expect(ColorMode.always.enablesColor(fileDescriptor: -1, environment: ["NO_COLOR": "1"]))
        #expect(!ColorMode.never.enablesColor(fileDescriptor: -1, environment: ["CLICOLOR_FORCE": "1"]))
        #expect(!ColorMode.auto.enablesColor(fileDescriptor: -1, environment: [:]))
        #expect(ColorMode.auto.enablesColor(fileDescriptor: -1, environment: ["CLICOLOR_FORCE": "1"]))
        #expect(!ColorMode.auto.enablesColor(fileDescriptor: -1, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]))
    }
}
