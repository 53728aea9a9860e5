import Foundation

/// The users the fake serves: the captured first page of `GET /users`, generated users,
/// `octocat` and `tawk`.
///
/// Listed ids are kept in one sorted array, so a page is found by binary search: serving a
/// page costs O(log n + page size) even for a population of millions.
struct UserPopulation: Sendable {
    static let octocatID = 583_231
    static let tawkID = 9_999_999

    /// Every listed id, ascending.
    let ids: [Int]
    /// Users with captured or hand-written data (the fixture page, octocat, tawk), by id.
    private let knownUsers: [Int: KnownUser]
    /// Ids of ``knownUsers`` by lower-cased login.
    private let knownIDByLogin: [String: Int]
    /// Put before every login (``FakeConfiguration/loginPrefix``).
    let loginPrefix: String

    private struct KnownUser: Sendable {
        var simple: SimpleUser
        var profile: UserProfile?
    }

    /// Builds a population listing exactly `userCount` users (see ``FakeConfiguration/userCount``).
    init(userCount: Int, fixtures: FixtureCatalog, loginPrefix: String = "") {
        self.loginPrefix = loginPrefix
        let count = max(0, userCount)
        var known: [Int: KnownUser] = [:]
        for user in fixtures.firstPage { known[user.id] = KnownUser(simple: user, profile: nil) }
        known[Self.octocatID] = KnownUser(simple: fixtures.octocat, profile: fixtures.octocatProfile)
        let tawk = SimpleUser.synthetic(id: Self.tawkID, login: "tawk", type: "User")
        known[Self.tawkID] = KnownUser(simple: tawk, profile: UserProfile.tawk)
        knownUsers = known
        knownIDByLogin = Dictionary(uniqueKeysWithValues: known.values.map { ($0.simple.login.lowercased(), $0.simple.id) })

        var ids: [Int] = []
        ids.reserveCapacity(count)
        ids.append(contentsOf: fixtures.firstPage.prefix(count).map(\.id))
        var previous = fixtures.firstPage.last?.id ?? 0
        for _ in 0..<max(0, count - fixtures.firstPage.count - 2) {
            var next = previous + 1 + previous % 3
            while known[next] != nil { next += 1 }
            ids.append(next)
            previous = next
        }
        for extra in [Self.octocatID, Self.tawkID].prefix(max(0, count - fixtures.firstPage.count)) {
            ids.insert(extra, at: Self.upperBound(of: extra, in: ids))
        }
        self.ids = ids
    }

    // MARK: - Listing

    /// The ids of the page after `since`, and whether more users follow it.
    func page(since: Int, perPage: Int) -> (ids: ArraySlice<Int>, hasMore: Bool) {
        let start = Self.upperBound(of: since, in: ids)
        let end = min(ids.count, start + perPage)
        return (ids[start..<end], end < ids.count)
    }

    // MARK: - Lookup

    /// The id of the user whose current login is `login`, compared case-insensitively.
    func id(forLogin login: String, overrides: UserOverrides) -> Int? {
        var lowered = login.lowercased()
        if let id = overrides.idByLogin[lowered] { return id }
        guard lowered.hasPrefix(loginPrefix.lowercased()) else { return nil }
        lowered.removeFirst(loginPrefix.count)
        guard let id = knownIDByLogin[lowered] ?? generatedID(forLowercasedLogin: lowered) else { return nil }
        // A renamed user no longer answers to its old login.
        return overrides.loginByID[id] == nil ? id : nil
    }

    /// Whether `id` is a user of the population (listed, or octocat and tawk).
    func contains(id: Int) -> Bool {
        knownUsers[id] != nil || isListed(id)
    }

    /// The list fields of user `id`, which must exist.
    func simpleUser(id: Int, overrides: UserOverrides) -> SimpleUser {
        var user = knownUsers[id]?.simple ?? Self.generatedUser(id: id)
        user.login = overrides.loginByID[id] ?? loginPrefix + user.login
        return user
    }

    /// The profile fields of user `id`, which must exist.
    func profile(id: Int, overrides: UserOverrides) -> UserProfile {
        var profile = knownUsers[id]?.profile
            ?? UserProfile.synthetic(id: id, login: simpleUser(id: id, overrides: UserOverrides()).login)
        for (field, value) in overrides.textByID[id] ?? [:] {
            switch field {
            case .name: profile.name = value
            case .company: profile.company = value
            case .blog: profile.blog = value
            case .location: profile.location = value
            case .bio: profile.bio = value
            }
        }
        return profile
    }

    // MARK: - Generated users

    /// A generated user: login `user<id>`, or `User<id>` when the id is a multiple of 5 (so
    /// that lookups must ignore case), an `Organization` when the id is a multiple of 7.
    private static func generatedUser(id: Int) -> SimpleUser {
        let login = (id % 5 == 0 ? "User" : "user") + String(id)
        return SimpleUser.synthetic(id: id, login: login, type: id % 7 == 0 ? "Organization" : "User")
    }

    private func generatedID(forLowercasedLogin login: String) -> Int? {
        guard login.hasPrefix("user") else { return nil }
        let digits = login.dropFirst(4)
        guard let id = Int(digits), String(id) == digits, knownUsers[id] == nil, isListed(id) else { return nil }
        return id
    }

    private func isListed(_ id: Int) -> Bool {
        let index = Self.upperBound(of: id - 1, in: ids)
        return index < ids.count && ids[index] == id
    }

    /// The index of the first element greater than `value`.
    private static func upperBound(of value: Int, in sorted: [Int]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
