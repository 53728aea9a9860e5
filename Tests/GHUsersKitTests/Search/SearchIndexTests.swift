import Foundation
import GRDB
import Testing

@testable import GHUsersKit

@Suite("Search index: logins and notes in memory")
struct SearchIndexTests {
    let database: AppDatabase
    let index = SearchIndex()

    /// 600 users with logins made of syllables (a few capitalised; a login made twice is
    /// taken over by the later id, as GitHub's renames are; `e` and `oc` among them), notes on
    /// every seventh, and a note on a user not cached yet.
    init() throws {
        database = try AppDatabase.inMemory()
        let syllables = ["mo", "jo", "son", "oc", "to", "cat", "e", "zq", "an", "lee", "X", "Dev"]
        var logins: [Int64: String] = [:]
        for id in Int64(1)...600 {
            // Two or three syllables picked by strides that do not divide the list's length.
            let picked = (0..<(2 + Int(id % 2))).map { (part: Int) -> String in
                let pick = Int(id) * 7 + part * 5 + Int(id) / 13
                return syllables[pick % syllables.count]
            }
            logins[id] = picked.joined() + (id % 5 == 0 ? "\(id)" : "")
        }
        logins[77] = "mojo"
        logins[78] = "MOJOSON"
        logins[79] = "E"  // exact logins of one and two characters (found among the short logins)
        logins[80] = "oc"
        let ids = Array(Int64(1)...600)
        try database.write { try StoreService.Sync.savePage(
            Factory.page(ids, logins: logins), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        for id in stride(from: Int64(7), through: 600, by: 7) {
            try database.write { try StoreService.Notes.save(login: logins[id]!, text: "met at Octo camp \(id % 3 == 0 ? "été" : "winter") \(id)", $0) }
        }
        try database.write { try StoreService.Notes.save(login: "pendingmojo", text: "not cached yet", $0) }
        try index.load(from: database)
    }

    /// Every match of `query` as the index lists them, read in windows of `count`.
    func indexed(_ query: String, count: Int = 50) -> [Int64] {
        var read: [Int64] = []
        var key: Int64? = nil
        while let window = index.window(query, id: key, count: count), !window.ids.isEmpty {
            read += window.ids
            let last = window.ids.last!
            key = read.count == 1 && isExact(query, last) ? 0 : last
            if window.ids.count < count { break }
        }
        return read
    }

    func isExact(_ query: String, _ id: Int64) -> Bool {
        let user = try? database.read { try StoreService.Search.users([id], $0) }.first
        return user.map { SearchQuery(query).isExact(login: $0.user.login) } ?? false
    }

    /// What SQLite's search (``StoreService/Search``) lists: users only.
    func searched(_ query: String) throws -> [Int64] {
        var ids: [Int64] = []
        try database.read { try StoreService.Search.matches(query, $0) { if case .user(let details) = $0 { ids.append(details.user.id) } } }
        return ids
    }

    static let queries = [
        "e", "o", "mo", "zq", "son", "mojo", "MOJO", "Mojoson", "octo", "été", "ÉTÉ", "winter 14", "camp", "^mo", "son$", "^mojo$",
        "'mojo", "!e", "mo !son", "^x !dev", "o !o", "0$", "nothing", "mo jo son", "e$ !^e",
        "oc", "OC", "xd", "t1", "n ", "ca mo", "é!",
        // One character whose mask bit another shares (0 and 1, 4 and 5; - with _ . and space).
        "1", "0", "4", "9", "-",
    ]

    @Test("every query lists what SQLite's search lists, in the same order, with its count", arguments: queries)
    func sameAsSQLite(query: String) throws {
        let expected = try searched(query)
        #expect(indexed(query) == expected)
        #expect(index.window(query, id: nil, count: 1)?.total == expected.count)
    }

    @Test("typing on narrows the last matches and backspace reuses them: the same answers as a fresh index")
    func narrowingAndBackspace() throws {
        for query in ["m", "mo", "moj", "mojo", "mojos", "mojo", "moj", "mo", "mo ", "mo !", "mo !s", "mo !so", "mo !s", "^", "^m", "^mo"] {
            let fresh = SearchIndex()
            try fresh.load(from: database)
            #expect(index.window(query, id: nil, count: 1000)?.ids == fresh.window(query, id: nil, count: 1000)?.ids, "\(query)")
        }
    }

    @Test("the exact login comes first for one and two characters too, and after an append")
    func shortExactLogins() throws {
        #expect(index.window("e", id: nil, count: 2)?.ids.first == 79 && index.window("OC", id: nil, count: 2)?.ids.first == 80)
        #expect(index.window("^oc$", id: nil, count: 2)?.ids == [80])
        index.append([(id: 900, login: "Q", type: "User")])
        #expect(index.window("q", id: nil, count: 2)?.ids.first == 900)
    }

    @Test("a query narrowing a kept one lists what a fresh index lists; a change to the index lets go of what was kept")
    func narrowingKept() throws {
        let fresh = SearchIndex()
        try fresh.load(from: database)
        let narrowing = [
            "o": ["oc", "mo", "o !son", "o jo", "^mo", "son$", "octo", "o winter", "o é", "^mojo$"],
            "e": ["ee", "e 1", "e été", "e !e", "lee"], "^m": ["^mo", "^mojo", "^m !o", "^m son$"],
        ]
        for (base, queries) in narrowing.sorted(by: { $0.key < $1.key }) {
            for query in queries {
                index.forgetQueries()  // the base is the one query kept
                #expect(index.window(base, id: nil, count: 1) != nil)
                #expect(index.window(query, id: nil, count: 1000)?.ids == fresh.window(query, id: nil, count: 1000)?.ids, "\(base) -> \(query)")
                #expect(index.window(query, id: nil, count: 1)?.total == fresh.window(query, id: nil, count: 1)?.total)
            }
        }
        _ = index.window("^mojo", id: nil, count: 1)
        index.append([(id: 901, login: "mojo901", type: "User")])  // the index changed: nothing kept
        #expect(index.window("^mojo", id: nil, count: 1000)?.ids.last == 901)
    }

    @Test("ids from elsewhere narrow the matches: the window and the count hold only those, in the same order, exact login first")
    func amongIds() throws {
        for query in ["mo", "mojo", "e", "octo", "^mo !son", "nothing"] {
            let all = try #require(index.window(query, id: nil, count: 1000))
            let among = Array(stride(from: Int64(1), through: 901, by: 2)) + [77]  // the odd ids, and mojo's
            let kept = all.ids.filter { $0 % 2 == 1 || $0 == 77 }
            let found = try #require(index.window(query, id: nil, before: false, count: 1000, among: among.sorted()))
            #expect(found.ids == kept && found.total == kept.count, "\(query)")
        }
        #expect(index.window("mojo", id: nil, before: false, count: 1, among: [78])?.ids == [78])
        #expect(index.window("mojo", id: nil, before: false, count: 10, among: [])?.total == 0)
    }

    @Test("reading back from the last match gives the same users in the same order")
    func backwards() throws {
        let forward = indexed("mojo", count: 1000)
        var back: [Int64] = [forward.last!]
        while let window = index.window("mojo", id: back[0], before: true, count: 3), !window.ids.isEmpty {
            back = window.ids + back
            if isExact("mojo", back[0]) { break }
        }
        #expect(back == forward)
    }

    @Test("an index of no users answers every query with no matches")
    func empty() throws {
        let empty = SearchIndex()
        try empty.load(from: try AppDatabase.inMemory())
        for query in ["e", "oc", "octo", "^mo", "!e", "mo !e"] {
            #expect(empty.window(query, id: nil, count: 10)?.total == 0, "\(query)")
        }
    }

    @Test("a cancelled scan returns nothing; an index not loaded answers nothing")
    func cancelled() {
        #expect(index.window("zq", id: nil, count: 10, isCancelled: { true }) == nil)
        #expect(SearchIndex().window("e", id: nil, count: 10) == nil)
        #expect(index.window("zq", id: nil, count: 10) != nil)
    }

    @Test("a refresh after changes finds new users, changed notes and removed logins")
    func refresh() throws {
        #expect(try searched("brandnew").isEmpty)
        // Given a new user, a new note, a deleted note and a login taken over by another account
        try database.write { try StoreService.Sync.savePage(
            Factory.page([700], logins: [700: "brandnew"]), request: .init(since: 600, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Notes.save(login: "brandnew", text: "zebra keeper", $0) }
        try database.write { try StoreService.Notes.delete(login: "mojo", $0) }
        _ = index.window("zebra", id: nil, count: 5)  // cached before the refresh
        // When the index is refreshed
        try index.refresh(from: database)
        // Then it answers as SQLite does
        for query in ["brandnew", "zebra", "mojo", "octo", "e"] {
            #expect(indexed(query) == (try searched(query)), "\(query)")
        }
        let taken = try database.read { try StoreService.Users.window(after: 0, count: 1, $0) }[0].user
        try database.write { try StoreService.Sync.savePage(
            Factory.page([800], logins: [800: taken.login]), request: .init(since: 700, movesCursor: true), etag: nil, $0) }
        try index.refresh(from: database)
        #expect(indexed(taken.login) == (try searched(taken.login)))
        #expect(index.count == (try database.read(StoreService.Users.count)))
    }

    @Test("a refresh after a profile is saved answers its qualifiers; an organisation appended is type:org")
    func refreshProfiles() throws {
        #expect(index.window("location:berlin", id: nil, before: false, count: 5)?.total == 0)
        let profile = Profile(
            name: "Ann", company: nil, blog: nil, location: "Berlin", email: nil, hireable: nil, bio: nil, twitterUsername: nil,
            publicRepos: 3, publicGists: 0, followers: 1_200, following: 0, createdAt: "2011-05-01T10:00:00Z", updatedAt: nil)
        try database.write { db in try StoreService.Profiles.save(profile, userID: 77, etag: nil, now: Date(), db) }
        try database.write { try StoreService.Sync.savePage(
            UsersPage(users: [Factory.user(900, "acme", type: "Organization")], itemCount: 1, skipped: 0, cursor: 900),
            request: .init(since: 600, movesCursor: true), etag: nil, $0) }
        _ = index.window("type:org", id: nil, before: false, count: 5)  // kept before the refresh
        try index.refresh(from: database)
        for query in ["location:berlin", "followers:>1000 mojo", "created:2011-05-01", "repos:3 !location:paris", "fullname:ann has:profile"] {
            #expect(index.window(query, id: nil, before: false, count: 5)?.ids == [77], "\(query)")
        }
        #expect(index.window("type:org", id: nil, before: false, count: 5)?.ids == [900])
        #expect(index.window("type:user", id: nil, before: false, count: 1000)?.total == index.count - 1)
    }

    @Test("sorted, the first window sorts only the first places; scrolling on and back reads the whole order, ties by id", arguments: ["sort:followers", "sort:joined-asc", "mo sort:repositories-asc"])
    func sortedFirstPlacesThenAll(query: String) throws {
        // Given: profiles on the users up to id 500, few distinct counts (ties), some unknown.
        for id in try database.read({ try Int64.fetchAll($0, sql: "SELECT id FROM user WHERE id <= 500") }) {
            let profile = Profile(
                name: nil, location: nil, publicRepos: Int(id * 7 % 13), followers: id % 9 == 0 ? nil : Int(id * 31 % 97),
                createdAt: Timestamp.iso8601(Date(timeIntervalSince1970: 1_300_000_000 + Double(id * 7_919 % 400) * 86_400)))
            try database.write { try StoreService.Profiles.save(profile, userID: id, etag: nil, now: Date(), $0) }
        }
        try index.load(from: database)
        let expected = try searched(query)
        // When: a window of 20 from the top, then on by place, then back by place.
        let first = try #require(index.window(query, id: nil, position: nil, count: 20))
        var read = first.ids
        while read.count < first.total {
            let ids = try #require(index.window(query, id: read.last, position: read.count - 1, count: 20)?.ids)
            if ids.isEmpty { break }
            read += ids
        }
        let back = index.window(query, id: read.last, before: true, position: read.count - 1, count: 50)?.ids
        // Then: SQLite's order, every match once.
        #expect(first.ids == Array(expected.prefix(20)) && first.total == expected.count)
        #expect(read == expected)
        #expect(back == Array(expected.dropLast().suffix(50)))
    }

    @Test("a location that comes back known, with the same count, flags and update time, is seen by a refresh")
    func refreshUnknownFields() throws {
        let profile = Profile(
            name: "Ann", company: nil, blog: nil, location: "Berlin", email: nil, hireable: nil, bio: nil, twitterUsername: nil,
            publicRepos: 3, publicGists: 0, followers: 1_200, following: 0, createdAt: "2011-05-01T10:00:00Z", updatedAt: "2020-01-01T00:00:00Z")
        // Given a profile whose location GitHub left unknown, as gh's token leaves every email
        try database.write { db in try StoreService.Profiles.save(profile, userID: 77, etag: nil, now: Date(), unknown: [.email, .location], db) }
        try index.refresh(from: database)
        #expect(index.window("!location:berlin has:profile", id: nil, before: false, count: 5)?.total == 0, "unknown: neither matched nor excluded")
        // When the same profile comes back with its location (still partial: the email)
        try database.write { db in try StoreService.Profiles.save(profile, userID: 77, etag: nil, now: Date(), unknown: [.email], db) }
        try index.refresh(from: database)
        // Then the index answers with it
        #expect(index.window("location:berlin", id: nil, before: false, count: 5)?.ids == [77])
    }

    @Test("an index scanned in parts that both cores take in turn answers as SQLite does")
    func splitScan() throws {
        // Given 12,000 users (about 300 KB of logins) cut into parts of 32 KB: eight parts of
        // logins and one of notes, which two threads take in turn
        let large = try AppDatabase.inMemory()
        let logins = Dictionary(uniqueKeysWithValues: (Int64(1)...12_000).map { ($0, "u\($0 * 7919 % 100_003)x\($0 % 97)") })
        for start in stride(from: Int64(1), through: 12_000, by: 3_000) {
            try large.write { try StoreService.Sync.savePage(
                Factory.page(Array(start..<(start + 3_000)), logins: logins), request: .init(since: start - 1, movesCursor: true),
                etag: nil, $0) }
        }
        for id in stride(from: Int64(5), through: 12_000, by: 50) {
            try large.write { try StoreService.Notes.save(login: logins[id]!, text: "note x\(id % 7)y", $0) }
        }
        let split = SearchIndex(partBytes: 32 << 10)
        try split.load(from: large)
        #expect(split.memory > 8 * 32 << 10)
        // Then every query lists what SQLite lists, in order
        // (x !x1, u !x9 and x y filter all 12,000 records after their scan: in four parts)
        for query in ["x1", "x96", "^u1", "7$", "x3y", "y", "u1 !x1", "^u99999x", "zz", "x !x1", "u !x9", "x y"] {
            var expected: [Int64] = []
            try large.read { try StoreService.Search.matches(query, $0) { if case .user(let details) = $0 { expected.append(details.user.id) } } }
            #expect(split.window(query, id: nil, count: 20_000)?.ids == expected, "\(query)")
        }
    }

    @Test("a scan's parts cover every record once, in order, whatever the count")
    func parts() {
        var corpus = SearchCorpus()
        corpus.partBytes = 64
        for count in [0, 1, 7, 100] {
            var arena = TextArena()
            for id in 0..<count { arena.append(id: Int64(id + 1), text: "login\(id)") }
            let parts = corpus.parts(of: arena)
            #expect(parts.flatMap { Array($0) } == Array(0..<count), "\(count)")
            #expect(!parts.isEmpty && parts.count <= max(1, arena.memory / 64), "\(count)")
            if count == 100 { #expect(parts.count > 1) }
            // Sized by more bytes than the arena's own (its notes): more parts (at most 8), the same cover.
            let wider = corpus.parts(of: arena, bytes: 64 * 100)
            #expect(wider.flatMap { Array($0) } == Array(0..<count), "\(count)")
            if count == 100 { #expect(wider.count == SearchCorpus.mostParts) }
        }
    }

    @Test("find agrees with a naive search: pairs at every offset, across 16- and 32-byte blocks and in the tail")
    func findAgreesWithNaive() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0, 0x61, 0x62, 0x63]  // the separator and three letters: many partial hits
        let needles: [[UInt8]] = [[0x61], [0x61, 0x62], [0, 0x61], [0x62, 0], [0, 0x61, 0], [0x61, 0x62, 0x63], [0x61, 0x62, 0x61, 0x62, 0x63]]
        for length in Array(0...80) + [255, 256, 300, 1_000] {
            for _ in 0..<6 {
                let hay = (0..<length).map { _ in alphabet[Int(random.next() % 4)] }
                let from = length > 2 ? Int(random.next() % UInt64(length / 2)) : 0
                let to = max(from, length - (length > 2 ? Int(random.next() % 3) : 0))
                for needle in needles {
                    let naive = (from..<max(from, to - needle.count + 1)).first { hay[$0..<$0 + needle.count].elementsEqual(needle) }
                    let found = hay.withUnsafeBufferPointer { hay in
                        needle.withUnsafeBufferPointer { TextArena.find($0, in: hay, from: from, to: to) }
                    }
                    #expect(found == naive, "\(needle) in \(hay)[\(from)..<\(to)]")
                }
            }
        }
        // One pair planted at every offset of a filler that holds neither byte, for every
        // length to 100: hits late in a block, in the tail and at the very end; repeated bytes.
        for length in 0...100 {
            for offset in 0..<max(length - 1, 0) {
                for planted: [UInt8] in [[0x61, 0x62], [0x61, 0x61]] {
                    var hay = [UInt8](repeating: 0x7A, count: length)
                    hay.replaceSubrange(offset..<offset + 2, with: planted)
                    for needle: [UInt8] in [[0x61, 0x62], [0x61, 0x61], [0x7A, 0x61], [0x62, 0x7A, 0x7A], [0x61, 0x7A]] {
                        let naive = (0..<max(0, length - needle.count + 1)).first { hay[$0..<$0 + needle.count].elementsEqual(needle) }
                        let found = hay.withUnsafeBufferPointer { hay in
                            needle.withUnsafeBufferPointer { TextArena.find($0, in: hay, from: 0, to: length) }
                        }
                        #expect(found == naive, "\(needle) in \(planted) at \(offset) of \(length)")
                    }
                }
            }
        }
    }

    @Test("the union of two ascending lists is every record of either once, ascending; lists join end to end")
    func unionAndJoined() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let a = (0..<Int32(60)).filter { _ in random.next() % 3 == 0 }
            let b = (0..<Int32(60)).filter { _ in random.next() % 4 == 0 }
            #expect(SearchCorpus.union(a, b) == Array(Set(a).union(b)).sorted(), "\(a) \(b)")
        }
        #expect(SearchCorpus.union([], [3]) == [3] && SearchCorpus.union([1, 2], []) == [1, 2])
        #expect(SearchCorpus.joined([[1, 2], [], [5]]) == [1, 2, 5] && SearchCorpus.joined([[4]]) == [4] && SearchCorpus.joined([]) == [])
    }

    @Test("a record equals a folded text by its length and bytes, past 255 bytes too")
    func equals() {
        var arena = TextArena()
        let long = String(repeating: "ab", count: 150)
        for (id, text) in ["Mojo", "mojos", "", long, long + "c", "Été"].enumerated() { arena.append(id: Int64(id + 1), text: text) }
        #expect(arena.equals(0, TextArena.fold("MOJO")) && !arena.equals(0, TextArena.fold("moj")) && !arena.equals(1, TextArena.fold("mojo")))
        #expect(arena.equals(2, []) && !arena.equals(0, []))
        #expect(arena.equals(3, TextArena.fold(long)) && !arena.equals(4, TextArena.fold(long)) && !arena.equals(3, TextArena.fold(long + "c")))
        #expect(arena.equals(4, TextArena.fold(long + "C")) && arena.equals(5, TextArena.fold("été")))
    }

    @Test("the arenas' memory is about the bytes of the logins and notes plus 12 bytes a record")
    func memory() throws {
        #expect(index.count == (try database.read(StoreService.Users.count)))
        #expect(index.memory > index.count * 12 && index.memory < 64 * 1024)
    }
}

