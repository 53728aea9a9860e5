import Foundation
import GitHubFake
import Testing

/// `--csv` and `--fields` on `list`, `search` and `next-page`: a users.csv that needs no other
/// tool, each cell what `--json` says, unknown cells empty and counted on stderr, and bad
/// input refused with one line and exit 64.
@Suite("tables out: --csv and --fields")
struct TableOutputEndToEndTests {
    /// The records of an RFC 4180 text (quoted fields may hold commas, quotes and line breaks).
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append(characters.removeFirst())
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                record.append(field)
                field = ""
            } else if character == "\r", characters.first == "\n" {
                characters.removeFirst()
                record.append(field)
                records.append(record)
                (record, field) = ([], "")
            } else {
                field.unicodeScalars.append(character)
            }
        }
        #expect(record.isEmpty && field.isEmpty, "the text ends with CRLF")
        return records
    }

    /// The fields that are JSON booleans (JSONSerialization gives them as numbers on Linux).
    static let flags: Set<String> = ["site_admin", "hireable", "seen", "gone"]

    /// `value` of field `name` as a CSV cell shows it: text as it is, numbers in digits,
    /// `true`/`false`, empty for null.
    static func cell(_ name: String, _ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "" }
        if let text = value as? String { return text }
        if flags.contains(name) { return (value as? Bool) == true ? "true" : "false" }
        return (value as? NSNumber)?.stringValue ?? "\(value)"
    }

    @Test("list --csv is every field --json has, one row a user, each cell what --json says; unknown cells empty and counted")
    func listCSV() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            let prefetch = try await world.run(["profiles", "prefetch", "--limit", "40"], environment: ProfilesPrefetchEndToEndTests.token)
            #expect(prefetch.status == 0, "\(prefetch)")
            let note = "met at, \"the\" conf\nfollow up"
            #expect(try await world.run("note", "defunkt", note).status == 0)
            // When
            let result = try await world.run("list", "--csv")
            // Then
            #expect(result.status == 0, "\(result)")
            let records = Self.records(result.stdout)
            let header = try #require(records.first)
            let json = try #require(try await world.json("list", "--json") as? [[String: Any]])
            #expect(records.count == json.count + 1 && json.count == 100)
            for (record, object) in zip(records.dropFirst(), json) {
                let profile = object["profile"] as? [String: Any]
                let unknown = Set(profile?["unknown"] as? [String] ?? [])
                for (name, value) in zip(header, record) {
                    let expected: Any? = object.keys.contains(name) ? object[name] : unknown.contains(name) ? nil : profile?[name]
                    #expect(value == Self.cell(name, expected), "\(name) of \(object["login"] ?? "")")
                }
            }
            #expect(Set(header).count == header.count && header.starts(with: ["login", "id"]) && header.contains("followers") && header.contains("note"))
            let noted = try #require(records.first { $0[1] == "defunkt" || $0.first == "defunkt" })
            #expect(noted.contains(note))
            // 60 of the 100 have no cached profile: their profile cells are unknown.
            #expect(result.stderr.contains("unknown cells: ") && result.stderr.contains("name 60 of 100"), "\(result.stderr)")
        }
    }

    @Test("--fields picks the columns of --csv, --tsv and --json, by --json's names; search and next-page take them too")
    func fields() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 200)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run(["profiles", "prefetch"], environment: ProfilesPrefetchEndToEndTests.token).status == 0)
            let json = try #require(try await world.json("search", "followers:>5", "--offline", "--json") as? [[String: Any]])
            #expect(!json.isEmpty)
            // When
            let csv = try await world.run("search", "followers:>5", "--offline", "--csv", "--fields", "login,followers,location")
            let tsv = try await world.run("search", "followers:>5", "--offline", "--tsv", "--fields", "login,followers")
            let flat = try #require(try await world.json("search", "followers:>5", "--offline", "--json", "--fields", "login,followers") as? [[String: Any]])
            // Then
            let records = Self.records(csv.stdout)
            #expect(records.first == ["login", "followers", "location"], "\(csv)")
            #expect(Array(records.dropFirst()) == json.map { row in
                let profile = row["profile"] as? [String: Any]
                return [Self.cell("login", row["login"]), Self.cell("followers", profile?["followers"]), Self.cell("location", profile?["location"])]
            })
            let tsvRows: [[String]] = tsv.stdout.split(separator: "\n").map { line in line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            let csvRows: [[String]] = records.dropFirst().map { Array($0.prefix(2)) }
            #expect(tsvRows == csvRows)
            #expect(flat.count == json.count && flat.allSatisfy { Set($0.keys) == ["login", "followers"] })
            // next-page: a header, then the page's users, with what is cached of them.
            let page = try await world.run("next-page", "--csv", "--fields", "id,login,type")
            #expect(page.status == 0, "\(page)")
            let pageRecords = Self.records(page.stdout)
            #expect(pageRecords.first == ["id", "login", "type"] && pageRecords.count == 101, "\(pageRecords.count)")
        }
    }

    @Test("--csv with --json or --tsv, an unknown field and --fields alone: one line, exit 64, nothing printed")
    func badInput() async throws {
        try await EndToEnd.with { world in
            #expect(try await world.run("next-page").status == 0)
            for arguments in [["list", "--csv", "--json"], ["search", "mojombo", "--csv", "--tsv"], ["next-page", "--json", "--csv"]] {
                let result = try await world.run(arguments)
                #expect(result.status == 64 && result.stdout.isEmpty && result.stderr.contains("one of --csv, --tsv or --json"), "\(arguments): \(result)")
            }
            let unknown = try await world.run("list", "--csv", "--fields", "login,folowers")
            #expect(unknown.status == 64 && unknown.stderr.contains("'folowers'") && unknown.stderr.contains("login,id,"), "\(unknown)")
            let alone = try await world.run("list", "--fields", "login")
            #expect(alone.status == 64 && alone.stderr.contains("--csv, --tsv or --json"), "\(alone)")
        }
    }
}
