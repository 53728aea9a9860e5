import Foundation
import Testing

@testable import GHUsersKit

/// `--csv`, and `--tsv` and `--json` with `--fields`: the columns `--json` names, RFC 4180's
/// quoting, and the unknown cells counted.
@Suite("Row tables")
struct RowTableTests {
    static let links = UserLinks(apiRoot: URL(string: "https://api.github.com")!)
    static let user = UserDetails(user: Factory.user(7, "mona"), note: "met at, \"the\" conf\nfollow up")

    static func profile(unknown: Set<Profile.Field> = []) -> CachedProfile {
        CachedProfile(
            details: user, profile: Profile(name: "Mona, Lisa", location: "Berlin", followers: 12), etag: nil,
            fetchedAt: Date(timeIntervalSince1970: 1_700_000_000), unknown: unknown)
    }

    static func text(_ table: inout RowTable, _ rows: [(UserDetails, CachedProfile?)]) -> String {
        var bytes = table.header ?? []
        for (details, profile) in rows { table.append(details, profile: profile, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("every column is named as --json names the field, once; a list of names parses back, an unknown one is named")
    func names() throws {
        var writer = JSONWriter()
        writer.write(Self.user, links: Self.links, profile: .some(Self.profile()))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        let profile = try #require(object["profile"] as? [String: Any])
        let jsonNames = Set(object.keys).union(profile.keys).subtracting(["profile", "unknown"])
        let names = RowColumn.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(names).isSubset(of: jsonNames), "\(Set(names).subtracting(jsonNames))")
        #expect(try RowColumn.parse("login, followers,created_at") == [.login, .profile(.followers), .profile(.createdAt)])
        #expect(throws: RowColumn.UnknownName(name: "folowers")) { try RowColumn.parse("login,folowers") }
        #expect(throws: RowColumn.UnknownName(name: "")) { try RowColumn.parse("login,,id") }
    }

    @Test("CSV: a header, CRLF, quotes around a comma, a quote or a line break, quotes doubled; unknown cells empty and counted")
    func csv() {
        var table = RowTable(format: .csv, columns: [.login, .id, .profile(.name), .profile(.email), .profile(.followers), .note], links: Self.links)
        let text = Self.text(&table, [(Self.user, Self.profile(unknown: [.email])), (Self.user, nil)])
        #expect(text == """
            login,id,name,email,followers,note\r
            mona,7,"Mona, Lisa",,12,"met at, ""the"" conf
            follow up"\r
            mona,7,,,,"met at, ""the"" conf
            follow up"\r

            """)
        #expect(table.unknownSummary() == "name 1 of 2, email 2 of 2, followers 1 of 2")
        var known = RowTable(format: .csv, columns: [.login], links: Self.links)
        _ = Self.text(&known, [(Self.user, nil)])
        #expect(known.unknownSummary() == nil)
    }

    @Test("TSV with --fields: no header, the note on one line; JSON with --fields: flat objects, null where unknown")
    func tsvAndJSON() throws {
        var tsv = RowTable(format: .tsv, columns: [.login, .profile(.location), .note], links: Self.links)
        #expect(tsv.header == nil)
        #expect(Self.text(&tsv, [(Self.user, Self.profile())]) == "mona\tBerlin\tmet at, \"the\" conf\\nfollow up\n")
        var json = RowTable(format: .json, columns: [.login, .profile(.followers), .profile(.email), .seen], links: Self.links)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.text(&json, [(Self.user, Self.profile(unknown: [.email]))]).utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["login", "followers", "email", "seen"])
        #expect(object["followers"] as? Int == 12 && object["email"] is NSNull && object["seen"] as? Bool == false)
    }
}
