import Foundation

/// The users the fake serves: the captured first page of `GET /users`, generated users (seven
/// of them with the real legacy and managed logins of ``FakeConfiguration/legacyLogins``),
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
    /// Ids of the listed users of ``FakeConfiguration/legacyLogins`` by lower-cased login.
    private let legacyIDByLogin: [String: Int]
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
        var legacy: [String: Int] = [:]
        for (id, login) in FakeConfiguration.legacyLogins where Self.contains(id, in: ids) {
            legacy[login.lowercased()] = id
        }
        legacyIDByLogin = legacy
    }

    // MARK: - Listing

    /// The ids of the page after `since`, skipping deleted accounts, and whether more
    /// (not deleted) users follow it. O(log n + page size + deleted ids met).
    func page(since: Int, perPage: Int, deleted: Set<Int> = []) -> (ids: [Int], hasMore: Bool) {
        var index = Self.upperBound(of: since, in: ids)
        guard !deleted.isEmpty else {
            let end = min(ids.count, index + perPage)
            return (Array(ids[index..<end]), end < ids.count)
        }
        var page: [Int] = []
        page.reserveCapacity(perPage)
        while index < ids.count, page.count < perPage {
            if !deleted.contains(ids[index]) { page.append(ids[index]) }
            index += 1
        }
        while index < ids.count, deleted.contains(ids[index]) { index += 1 }
        return (page, index < ids.count)
    }

    // MARK: - Lookup

    /// The id of the user whose current login is `login`, compared case-insensitively; `nil`
    /// for a deleted account.
    func id(forLogin login: String, overrides: UserOverrides) -> Int? {
        var lowered = login.lowercased()
        if let id = overrides.idByLogin[lowered] { return overrides.deleted.contains(id) ? nil : id }
        guard lowered.hasPrefix(loginPrefix.lowercased()) else { return nil }
        lowered.removeFirst(loginPrefix.count)
        guard let id = knownIDByLogin[lowered] ?? legacyIDByLogin[lowered] ?? generatedID(forLowercasedLogin: lowered) else { return nil }
        // A renamed user no longer answers to its old login.
        return overrides.loginByID[id] == nil && !overrides.deleted.contains(id) ? id : nil
    }

    /// Whether `id` is an account that answers now: in the population and not deleted.
    func isActive(id: Int, overrides: UserOverrides) -> Bool {
        contains(id: id) && !overrides.deleted.contains(id)
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
        let user = simpleUser(id: id, overrides: UserOverrides())
        var profile = knownUsers[id]?.profile ?? UserProfile.synthetic(id: id, login: user.login, type: user.type)
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
    /// that lookups must ignore case), an `Organization` when the id is a multiple of 7; the
    /// ids of ``FakeConfiguration/legacyLogins`` get those logins instead.
    private static func generatedUser(id: Int) -> SimpleUser {
        let login = FakeConfiguration.legacyLogins[id] ?? (id % 5 == 0 ? "User" : "user") + String(id)
        return SimpleUser.synthetic(id: id, login: login, type: id % 7 == 0 ? "Organization" : "User")
    }

    private func generatedID(forLowercasedLogin login: String) -> Int? {
        guard login.hasPrefix("user") else { return nil }
        let digits = login.dropFirst(4)
        guard let id = Int(digits), String(id) == digits, knownUsers[id] == nil, FakeConfiguration.legacyLogins[id] == nil, isListed(id) else {
            return nil
        }
        return id
    }

    private func isListed(_ id: Int) -> Bool {
        Self.contains(id, in: ids)
    }

    private static func contains(_ id: Int, in sorted: [Int]) -> Bool {
        let index = upperBound(of: id - 1, in: sorted)
        return index < sorted.count && sorted[index] == id
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
