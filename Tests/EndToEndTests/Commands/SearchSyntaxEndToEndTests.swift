import Foundation
import Testing

/// `ghusers search` with fzf's extended terms, on the real binary against a real SQLite home
/// filled from github-fake: every answer is checked against a plain reading of the syntax over
/// the cached logins and notes.
@Suite("search: fzf's extended syntax")
struct SearchSyntaxEndToEndTests {
    /// The users `query` should list, in order (exact login first, then by id), by a reading of
    /// the syntax of its own: terms split on spaces, `!` excludes, `'` is dropped, `^`/`$`
    /// anchor to the login, plain terms look in the login and the note, case ignored.
    static func expected(_ query: String, users: [(login: String, note: String?)]) -> [String] {
        let terms = query.split(separator: " ").map(String.init)
        func holds(_ raw: String, _ login: String, _ note: String?) -> Bool? {
            var term = Substring(raw)
            let negated = term.hasPrefix("!")
            if negated { term = term.dropFirst() }
            if term.hasPrefix("'") { term = term.dropFirst() }
            let prefix = term.hasPrefix("^")
            if prefix { term = term.dropFirst() }
            let suffix = term.hasSuffix("$")
            if suffix { term = term.dropLast() }
            guard !term.isEmpty else { return nil }
            let text = term.lowercased()
            let login = login.lowercased()
            let found: Bool =
                switch (prefix, suffix) {
                case (true, true): login == text
                case (true, false): login.hasPrefix(text)
                case (false, true): login.hasSuffix(text)
                case (false, false): login.contains(text) || (note?.lowercased().contains(text) ?? false)
                }
            return found != negated
        }
        let matching = users.filter { user in terms.allSatisfy { holds($0, user.login, user.note) ?? true } }.map(\.login)
        let plain = terms.count == 1 ? terms[0].replacingOccurrences(of: "'", with: "") : nil
        let exactText = plain.map { $0.hasPrefix("^") && $0.hasSuffix("$") ? String($0.dropFirst().dropLast()) : $0 }
        guard let exactText, !exactText.hasPrefix("^"), !exactText.hasSuffix("$"), !exactText.hasPrefix("!"),
            let exact = matching.first(where: { $0.lowercased() == exactText.lowercased() })
        else { return matching }
        return [exact] + matching.filter { $0 != exact }
    }

    @Test("nothing found is exit 1 with a line on stderr, as grep; --limit stops after N")
    func exitStatusAndLimit() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page")
            let none = try await world.run("search", "zzqqxx")
            #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("no cached user or note matches"), "\(none)")
            let two = try await world.run("search", "e", "--limit", "2")
            #expect(two.status == 0 && two.stdout.split(separator: "\n").count == 2, "\(two)")
            let three = try #require(try await world.json("search", "e", "--limit", "3") as? [[String: Any]])
            #expect(three.count == 3)
        }
    }

    @Test("terms, exact marks, anchors and exclusions select what the syntax says, in the usual order")
    func extendedTerms() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page", "--pages", "2")
            #expect(try await world.run("note", "defunkt", "GitHub co-founder").status == 0)
            #expect(try await world.run("note", "mojombo", "Jekyll author").status == 0)
            let listed = try #require(try await world.json("list") as? [[String: Any]])
            let users = listed.map { ($0["login"] as? String ?? "", $0["note"] as? String) }
            #expect(users.count == 200)
            for query in ["^m", "o$ !^m", "'moj", "e !e", "^mojombo$", "MOJOMBO", "mo jo", "co-founder", "!o !e", "hub !^de", "a ^t n$", "^k !v"] {
                let rows = try #require(try await world.json("search", query, "--offline") as? [[String: Any]], "\(query)")
                #expect(rows.map { $0["login"] as? String ?? "" } == Self.expected(query, users: users), "\(query)")
            }
            // Notes on users not cached yet come last, filtered by the same terms
            #expect(try await world.run("note", "zz-pending", "met at a GitHub meetup").status == 0)
            let pending = try #require(try await world.json("search", "github !co-", "--offline") as? [[String: Any]])
            #expect(pending.map { $0["login"] as? String ?? "" } == Self.expected("github !co-", users: users) + ["zz-pending"])
            let none = try await world.run("search", "^zz !zz", "--offline")
            #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("no cached user or note matches"))
        }
    }
}
