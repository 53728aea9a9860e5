import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Search query: GitHub's user-search qualifiers")
struct SearchQueryQualifierTests {
    typealias Test = SearchQuery.Qualifier.Test

    func tests(_ text: String) -> [Test] { SearchQuery(text).qualifiers.map(\.test) }
    func problem(_ text: String) -> String? { SearchQuery(text).problem?.message }

    @Test("each qualifier reads its value; names ignore case; terms stay terms beside them")
    func parsing() {
        // Given a query of every qualifier and two terms
        let query = SearchQuery("ka Type:Org location:Berlin fullname:Nat company:@GitHub bio:Rust followers:>1000 repos:10..20 has:note has:profile is:seen is:gone zu")
        // Then the terms are the words without a qualifier's name, and each qualifier its test
        #expect(query.terms.map { String(decoding: $0.text, as: UTF8.self) } == ["ka", "zu"])
        #expect(
            query.qualifiers.map(\.test) == [
                .type("Organization"), .text(.location, "berlin"), .text(.name, "nat"), .text(.company, "@github"),
                .text(.bio, "rust"), .count(.followers, lower: 1001, upper: nil), .count(.publicRepos, lower: 10, upper: 21),
                .hasNote, .hasProfile, .seen, .gone,
            ])
        #expect(query.problem == nil && query.qualifiers.allSatisfy { !$0.negated })
        #expect(tests("type:user") == [.type("User")] && tests("type:organization") == [.type("Organization")])
    }

    @Test("numbers as GitHub's search syntax reads them: >, >=, <, <=, n..n, n..*, *..n and n, as half-open ranges")
    func counts() {
        #expect(tests("followers:5") == [.count(.followers, lower: 5, upper: 6)])
        #expect(tests("followers:>=5") == [.count(.followers, lower: 5, upper: nil)])
        #expect(tests("followers:<5") == [.count(.followers, lower: nil, upper: 5)])
        #expect(tests("followers:<=5") == [.count(.followers, lower: nil, upper: 6)])
        #expect(tests("repos:10..*") == [.count(.publicRepos, lower: 10, upper: nil)])
        #expect(tests("repos:*..10") == [.count(.publicRepos, lower: nil, upper: 11)])
        #expect(tests("followers:>9223372036854775807") == [.count(.followers, lower: .max, upper: nil)])
    }

    @Test("dates: a day alone is its whole day in UTC; a time with Z or an offset is that second; all as GitHub writes created_at")
    func dates() {
        #expect(tests("created:2013-03-06") == [.date(.createdAt, lower: "2013-03-06T00:00:00Z", upper: "2013-03-07T00:00:00Z")])
        #expect(tests("created:>2016-04-29") == [.date(.createdAt, lower: "2016-04-30T00:00:00Z", upper: nil)])
        #expect(tests("created:<=2012-07-04") == [.date(.createdAt, lower: nil, upper: "2012-07-05T00:00:00Z")])
        #expect(tests("created:2010-01-01..2011-01-01") == [.date(.createdAt, lower: "2010-01-01T00:00:00Z", upper: "2011-01-02T00:00:00Z")])
        #expect(tests("created:*..2012-07-04") == [.date(.createdAt, lower: nil, upper: "2012-07-05T00:00:00Z")])
        #expect(tests("created:2017-01-01T01:00:00+07:00..2017-03-01T15:30:15Z") == [.date(.createdAt, lower: "2016-12-31T18:00:00Z", upper: "2017-03-01T15:30:16Z")])
        #expect(tests("created:2024-02-29") == [.date(.createdAt, lower: "2024-02-29T00:00:00Z", upper: "2024-03-01T00:00:00Z")])
        // Four-digit years at both ends, so that text and time agree (no year 10000).
        #expect(tests("created:<=9999-12-31") == [.date(.createdAt, lower: nil, upper: "9999-12-31T23:59:59Z")])
        #expect(tests("created:<0999-01-01") == [.date(.createdAt, lower: nil, upper: "1000-01-01T00:00:00Z")])
    }

    @Test("! and GitHub's - exclude a qualifier; in: can only be chosen, not excluded")
    func negation() {
        #expect(SearchQuery("!location:berlin").qualifiers.map(\.negated) == [true])
        #expect(SearchQuery("-type:org").qualifiers == [SearchQuery.Qualifier(test: .type("Organization"), negated: true)])
        #expect(problem("!in:login") != nil)
        // A - before a word that is no qualifier is text, as before.
        #expect(SearchQuery("-dash").terms.map(\.text) == [Array("-dash".utf8)])
    }

    @Test("a value in double quotes keeps its spaces; an unclosed quote runs to the end; quotes elsewhere are text")
    func quoting() {
        #expect(tests("location:\"New York\" ka") == [.text(.location, "new york")])
        #expect(SearchQuery("location:\"New York\" ka").terms.count == 1)
        #expect(tests("!location:\"new york") == [.text(.location, "new york")])
        #expect(SearchQuery("\"new york\"").terms.map { String(decoding: $0.text, as: UTF8.self) } == ["\"new", "york\""])
        #expect(problem("location:\"\"") != nil)
    }

    @Test("in: chooses where unanchored terms look; anchored terms keep to the login")
    func fields() {
        let query = SearchQuery("ka ^zu in:name,login")
        #expect(query.fields == [.name, .login] && query.terms.map(\.fields) == [[.name, .login], .login])
        #expect(SearchQuery("ka in:note in:fullname").fields == [.note, .name])
        #expect(SearchQuery("ka").fields == [.login, .note])
        // No exact login unless the login is looked in
        #expect(SearchQuery("ka in:note").exactLogin == nil && SearchQuery("ka in:login").exactLogin == Array("ka".utf8))
        #expect(SearchQuery("in:note ka").matches(login: "kat", note: nil) == false)
        #expect(SearchQuery("in:login ka").matches(login: "kat", note: nil))
    }

    @Test("a word with a colon is text when it is no qualifier's shape: ', digits or a URL; an unknown name is an error")
    func colons() {
        for text in ["'a:b", "!'a:b", "12:30", "https://github.com/x", "^a:b", ":x", "a-b:c"] {
            #expect(SearchQuery(text).problem == nil && SearchQuery(text).qualifiers.isEmpty && !SearchQuery(text).terms.isEmpty, "\(text)")
        }
        let unknown = problem("ka locaton:berlin")
        #expect(unknown?.contains("locaton:") == true && unknown?.contains("'locaton:berlin") == true)
        #expect(problem("a:b") != nil)
    }

    @Test("malformed values are one-line problems, never an empty result", arguments: [
        "type:bot", "location:", "followers:>", "followers:abc", "followers:-3", "followers:*..*", "repos:1..x", "created:2015", "created:2015-02-30",
        "created:2015-13-01", "created:>2015-01-01T10:00", "has:avatar", "is:new", "in:bio", "in:", "hireable:maybe", "hireable:",
    ])
    func malformed(text: String) {
        let query = SearchQuery(text)
        #expect(query.problem != nil, "\(text)")
        #expect(query.problem?.message.contains("\n") == false)
    }

    @Test("repeated location:, fullname:, user: and org: are alternatives; excluded ones each exclude; every other qualifier narrows")
    func alternatives() {
        #expect(tests("location:lagos followers:>10 location:tokyo") == [.anyOf([.text(.location, "lagos"), .text(.location, "tokyo")]), .count(.followers, lower: 11, upper: nil)])
        #expect(tests("-location:a -location:b") == [.text(.location, "a"), .text(.location, "b")])
        #expect(SearchQuery("-location:a -location:b").qualifiers.map(\.negated) == [true, true])
        #expect(tests("location:a -location:b location:c").count == 2)
        #expect(tests("fullname:ann fullname:bert") == [.anyOf([.text(.name, "ann"), .text(.name, "bert")])])
        #expect(tests("company:a company:b") == [.text(.company, "a"), .text(.company, "b")], "ours narrow")
        #expect(tests("repos:>1 repos:<5") == [.count(.publicRepos, lower: 2, upper: nil), .count(.publicRepos, lower: nil, upper: 5)])
        #expect(SearchQuery("location:a location:b").qualifiers.first?.readsProfile == true)
    }

    @Test("a misspelt qualifier names the one meant, and how to search for the text itself")
    func misspelt() {
        #expect(problem("locaton:berlin")?.contains("did you mean location:?") == true)
        #expect(problem("folowers:>5")?.contains("did you mean followers:?") == true)
        #expect(problem("locaton:berlin")?.contains("put ' before it: \"'locaton:berlin\"") == true)
        #expect(problem("zzzz:1")?.contains("did you mean") == false)
    }

    @Test("sort: orders by followers, repositories or joined, highest first unless -asc; a bad value says what it takes")
    func sorting() {
        #expect(SearchQuery("sort:followers").sort == SearchQuery.Sort(key: .followers, ascending: false))
        #expect(SearchQuery("location:b sort:Repositories-asc").sort == SearchQuery.Sort(key: .repositories, ascending: true))
        #expect(SearchQuery("sort:joined-desc").sort == SearchQuery.Sort(key: .joined, ascending: false))
        #expect(!SearchQuery("sort:followers").isEmpty && SearchQuery("sort:followers").qualifiers.isEmpty)
        #expect(problem("sort:stars") == "sort: takes followers, followers-asc, repositories, repositories-asc, joined, joined-asc (-desc is the default), not “stars”")
        #expect(problem("-sort:followers") != nil && problem("sort:followers sort:joined") != nil)
    }

    @Test("user: and org: name an account; GitHub's NOT excludes the word after it, as ! does")
    func accountsAndNot() {
        #expect(tests("user:Octocat org:github") == [.anyOf([.login("octocat", organization: false), .login("github", organization: true)])])
        #expect(problem("user:bad/login") != nil)
        #expect(SearchQuery("ann NOT bot").terms.map(\.negated) == [false, true])
        #expect(SearchQuery("NOT type:org").qualifiers.map(\.negated) == [true])
        #expect(SearchQuery.gitHubForm("user:mojombo NOT location:york").query == "user:mojombo -location:york")
    }

    @Test("a flag reads true or false, yes or no; the index and SQLite answer it as they answer the rest")
    func flags() {
        #expect(tests("hireable:true") == [.flag(.hireable, true)] && tests("Hireable:No") == [.flag(.hireable, false)])
        #expect(SearchQuery("hireable:true").qualifiers.allSatisfy { $0.isIndexed && $0.readsProfile })
    }

    @Test("every profile qualifier is one of the table's fields, and the index answers each the table marks indexed")
    func everyFieldQualifier() {
        let columns = ProfileColumns()
        for field in Profile.Field.qualified {
            let name = field.spec.qualifier ?? ""
            let value: String =
                switch field.spec.storage {
                case .text: "x"
                case .count: "1"
                case .date: "2015-06-30"
                case .flag: "true"
                }
            let qualifier = SearchQuery("\(name):\(value)").qualifiers
            #expect(qualifier.map(\.test.field) == [field], "\(name)")
            #expect(qualifier.first.map { columns.records($0, logins: TextArena(), noteLinks: NoteLinks()) != nil } == field.spec.indexed, "\(name)")
        }
    }

    @Test("the index answers the terms and most qualifiers, in:name term by term; SQLite is:seen, is:gone and bio:")
    func split() {
        let query = SearchQuery("ka location:berlin is:seen bio:rust")
        #expect(query.indexed == SearchQuery("ka") && query.unindexed == SearchQuery("is:seen bio:rust"))
        #expect(query.qualifiers.filter(\.isIndexed) == SearchQuery("location:berlin").qualifiers)
        #expect(SearchQuery("ka").unindexed == nil && SearchQuery("location:berlin").indexed.isEmpty)
        let named = SearchQuery("ka in:name")
        #expect(named.indexed.isEmpty && named.unindexed == nil && named.readsProfiles)
        let emailed = SearchQuery("ka in:email,login")
        #expect(emailed.fields == [.email, .login] && emailed.indexed.isEmpty && emailed.readsProfiles)
        #expect(!SearchQuery("ka type:org is:seen").readsProfiles && SearchQuery("!followers:5").readsProfiles)
    }

    static let operations = ["", ">", ">=", "<", "<=", "..", "..*", "*.."]

    /// `operation` on `a` (and `b`) as a qualifier's value, each written by `write`, and
    /// whether `x` is among the values it names: the reference the parser is held to.
    static func range(_ operation: String, _ a: Int, _ b: Int, _ x: Int, _ write: (Int) -> String) -> (String, Bool) {
        switch operation {
        case "..": ("\(write(a))..\(write(b))", a <= x && x <= b)
        case "..*": ("\(write(a))..*", x >= a)
        case "*..": ("*..\(write(a))", x <= a)
        case ">": (">\(write(a))", x > a)
        case ">=": (">=\(write(a))", x >= a)
        case "<": ("<\(write(a))", x < a)
        case "<=": ("<=\(write(a))", x <= a)
        default: (write(a), x == a)
        }
    }

    @Test("a count qualifier holds for exactly the counts GitHub's syntax names, property-based")
    func countProperty() async {
        await propertyCheck(count: PropertyScale.count(2_000), input: Gen.int(in: 0...40), Gen.int(in: 0...40), Gen.int(in: 0...40), Gen.element(of: Self.operations)) {
            a, b, x, operation in
            let (text, reference) = Self.range(operation!, a, b, x) { "\($0)" }
            guard case .count(_, let lower, let upper) = SearchQuery("followers:" + text).qualifiers.first?.test else {
                Issue.record("followers:\(text) is no count")
                return
            }
            #expect(((lower.map { Int64(x) >= $0 } ?? true) && (upper.map { Int64(x) < $0 } ?? true)) == reference, "followers:\(text) for \(x)")
        }
    }

    @Test("a date qualifier holds for exactly the times of the days it names, compared as GitHub's timestamps, property-based")
    func dateProperty() async {
        let days = Gen.int(in: 0...1_500)
        await propertyCheck(count: PropertyScale.count(1_000), input: days, days, Gen.int(in: 0...(1_500 * 86_400)), Gen.element(of: Self.operations)) {
            a, b, seconds, operation in
            let start = 1_262_304_000  // 2010-01-01
            func day(_ offset: Int) -> String { String(Timestamp.iso8601(Date(timeIntervalSince1970: Double(start + offset * 86_400))).prefix(10)) }
            let x = seconds / 86_400
            let (text, reference) = Self.range(operation!, a, b, x, day)
            let stored = Timestamp.iso8601(Date(timeIntervalSince1970: Double(start + seconds)))
            guard case .date(_, let lower, let upper) = SearchQuery("created:" + text).qualifiers.first?.test else {
                Issue.record("created:\(text) is no date")
                return
            }
            #expect(((lower.map { stored >= $0 } ?? true) && (upper.map { stored < $0 } ?? true)) == reference, "created:\(text) for \(stored)")
        }
    }
}
