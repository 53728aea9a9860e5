import Foundation
import GHUsersKit

/// The generated users, notes and profiles of a benchmark home: deterministic, so every run of
/// `seed` with the same sizes builds the same data.
///
/// Logins are two or three syllables and the id (unique without regard to case, some
/// capitalised); notes are 5 to 14 words of a fixed vocabulary. Neither ever contains
/// ``plantedWord`` or the letters `oc`, except in exactly ``plantedLogins`` logins and
/// ``plantedNotes`` notes, spread evenly over the ids, so `search octo` (trigram index) and
/// `search oc` (scan) find the same ``plantedLogins`` + ``plantedNotes`` users at every size.
struct BenchmarkPopulation {
    /// The word planted in a few logins and notes.
    static let plantedWord = "octo"
    /// Users whose login contains ``plantedWord``.
    let plantedLogins = 200
    /// Notes that contain ``plantedWord``.
    let plantedNotes = 200

    /// How many users.
    let userCount: Int
    /// How many of them have a note (every `userCount / noteCount`-th user).
    let noteCount: Int
    /// How many of them have a cached profile.
    let profileCount: Int

    private static let syllables = [
        "ka", "to", "ri", "mo", "san", "dev", "lin", "ux", "jo", "el", "ma", "ra", "ne", "ko", "zu", "ba", "vi", "te",
        "lo", "pa", "ne", "mi", "da", "ru", "ha", "shi", "gen", "tar", "fen", "wik", "al", "be", "ny", "sur", "pi",
        "gu", "yo", "ze", "qui", "ter", "bit", "hub", "net", "sys", "ops", "min", "kat", "dog",
    ]
    private static let vocabulary = [
        "met", "at", "swift", "conference", "works", "on", "compilers", "databases", "ask", "about", "linux",
        "kernel", "rust", "go", "python", "maintainer", "of", "popular", "library", "friendly", "reviewer",
        "answered", "my", "issue", "quickly", "knows", "sqlite", "internals", "based", "in", "berlin", "tokyo",
        "paris", "lagos", "lima", "remote", "contractor", "hiring", "open", "source", "security", "researcher",
        "wrote", "the", "book", "talk", "was", "great", "follow", "up", "later", "coffee", "chat", "mentor",
        "student", "teacher", "gardening", "music", "synthesizers", "keyboard", "tooling", "editor", "plugins",
        "networking", "graphics", "games", "embedded", "robots", "maps", "weather", "finance", "healthcare",
    ]

    /// User `index` (0-based): id `index + 1`.
    func user(at index: Int) -> User {
        let id = Int64(index + 1)
        var random = SplitMix64(seed: UInt64(id))
        var login = ""
        for _ in 0..<(2 + Int(random.next() % 2)) {
            login += Self.syllables[Int(random.next() % UInt64(Self.syllables.count))]
        }
        if isPlanted(index, count: plantedLogins, among: userCount) { login = Self.plantedWord + login }
        if random.next() % 4 == 0 { login = login.prefix(1).uppercased() + login.dropFirst() }
        login += "-" + String(id)
        return User(
            id: id, login: login, nodeID: "MDQ6VXNlcj" + String(id), avatarURL: "https://avatars.githubusercontent.com/u/\(id)?v=4",
            gravatarID: "", htmlURL: "https://github.com/\(login)", type: id % 7 == 0 ? "Organization" : "User",
            siteAdmin: id % 1_000 == 0, userViewType: "public")
    }

    /// The note of the `ordinal`-th user with a note, and that user's index.
    func note(_ ordinal: Int) -> (userIndex: Int, text: String) {
        let userIndex = ordinal * (userCount / max(noteCount, 1))
        var random = SplitMix64(seed: UInt64(userIndex) &* 31 &+ 7)
        var words: [String] = []
        for _ in 0..<(5 + Int(random.next() % 10)) {
            words.append(Self.vocabulary[Int(random.next() % UInt64(Self.vocabulary.count))])
        }
        if isPlanted(ordinal, count: plantedNotes, among: noteCount) { words.insert("likes \(Self.plantedWord)cats", at: 1) }
        return (userIndex, words.joined(separator: " "))
    }

    /// The index of the `ordinal`-th user with a profile: spread over the ids, offset from
    /// notes (every user, when all have one).
    func profileUserIndex(_ ordinal: Int) -> Int {
        let step = userCount / max(profileCount, 1)
        return min(ordinal * step + (step > 1 ? 1 : 0), userCount - 1)
    }

    /// Profile locations, as people write them: one in ten has none; `berlin` is in about a
    /// tenth of the profiles, `new york` in another; a tenth are written with Unicode's
    /// punctuation (a full-width comma, a middle dot, a dash) or in Han ideographs, and some
    /// other are outside ASCII (folded as `browse` folds them). One in five is a town of a long
    /// tail (50,000 of them), so that the distinct values are many, as in GitHub's.
    private static let locations: [String?] = [
        "Berlin, Germany", "New York, NY", "San Francisco", "東京都，Tokyo", "London·UK", "Paris, France", "São Paulo", "Lagos", "İstanbul", nil,
    ]
    private static let countries = ["Germany", "France", "Brazil", "India", "Nigeria", "Japan", "Canada", "Polska", "España", "Türkiye"]

    /// The location of one profile in ``rareLocationEvery``: a word no other location has.
    static let rareLocation = "Ísafjörður, Iceland"
    static let rareLocationEvery = 100_000

    /// Given names, a tenth of them outside ASCII (Latin with marks, Cyrillic, Greek, Han).
    private static let givenNames = [
        "Anna", "Ben", "Carla", "David", "Emma", "Felix", "Grace", "Hugo", "Ines", "James", "Kim", "Lena", "Marco", "Nina", "Omar",
        "Paula", "Quinn", "Rosa", "Sam", "Tara", "Umar", "Vera", "Will", "Yara", "Zane", "Alex", "Chris", "Dana", "Eli", "Jon",
        "Noah", "Mia", "Leo", "Ada", "Ivan", "Lucas", "Maya", "Nora", "Owen", "Ruth",
    ]
    private static let otherGivenNames = ["José", "Zoë", "Łukasz", "Søren", "Иван", "Αλέξης", "Jürgen", "Ñandú", "Çağla", "小明"]

    /// A generated profile: a name (organizations, every seventh id, have none) of a given name
    /// and a two-syllable family name, a tenth outside ASCII; a location (``locations``, a long
    /// tail of towns, and ``rareLocation`` once in ``rareLocationEvery``); followers spread over
    /// 0 to 100,000 on a log scale (about 1 in 5 over 1,000), repositories 0 to 199, joined
    /// 2008 to 2024.
    func profile(for user: User) -> Profile {
        var random = SplitMix64(seed: UInt64(user.id) &* 131 &+ 17)
        var location = Self.locations[Int(random.next() % UInt64(Self.locations.count))]
        let followers = Int(pow(10, Double(random.next() % 5_000) / 1_000)) - 1
        let joined = Date(timeIntervalSince1970: 1_199_145_600 + Double(random.next() % (17 * 365 * 86_400)))
        let tail = random.next()
        if tail % 5 == 0 {
            let town = tail / 5 % 50_000
            location = "Town \(town), \(Self.countries[Int(town % UInt64(Self.countries.count))])"
        }
        if user.id % Int64(Self.rareLocationEvery) == 0 { location = Self.rareLocation }
        let pick = random.next()
        let family = (0..<2).map { _ in Self.syllables[Int(random.next() % UInt64(Self.syllables.count))] }.joined()
        let given = pick % 10 == 0 ? Self.otherGivenNames[Int(pick / 10 % UInt64(Self.otherGivenNames.count))] : Self.givenNames[Int(pick / 10 % UInt64(Self.givenNames.count))]
        let name = given == "小明" ? "王小明" : "\(given) \(family.prefix(1).uppercased() + family.dropFirst())"
        return Profile(
            name: user.type == "User" ? name : nil, company: "@company\(user.id % 100)",
            blog: "https://example.com/\(user.login)", location: location, email: user.id % 3 == 0 ? "\(user.login)@example.com" : nil, hireable: user.id % 2 == 0,
            bio: "Generated profile for benchmarks.", twitterUsername: nil, publicRepos: Int(random.next() % 200),
            publicGists: Int(user.id % 13), followers: followers, following: Int(user.id % 50),
            createdAt: joined.formatted(.iso8601), updatedAt: "2024-05-06T07:08:09Z")
    }

    private func isPlanted(_ index: Int, count: Int, among total: Int) -> Bool {
        count > 0 && total > 0 && index % max(total / count, 1) == 0 && index / max(total / count, 1) < count
    }
}

/// A tiny deterministic pseudo-random generator (SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
