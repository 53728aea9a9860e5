import Foundation

/// What GitHub's user-search qualifiers test, in memory beside the logins: each cached
/// profile's location, name and company (folded, in ``TextArena``s), its counts and join date,
/// and which accounts are organisations; so that `/` answers `type:`, `location:`,
/// `fullname:`, `company:`, `followers:`, `repos:`, `created:` and `has:` without SQLite
/// (``SearchQuery/Qualifier/isIndexed``). About 90 bytes a profile and 4 an organisation.
///
/// A value the profile does not have (SQL's NULL: a partial organisation's followers) is
/// matched by no count or date, negated or not; an empty text contains no text. As
/// ``StoreService/Users/Qualified`` reads the same columns.
struct ProfileColumns: Sendable {
    /// The texts of each profile, one record each, in user id order.
    var location = TextArena(), name = TextArena(), company = TextArena()
    /// Each profile's counts and join date (seconds since 1970): ``unknown`` for none.
    var followers: [Int64] = [], repos: [Int64] = [], created: [Int64] = []
    /// The login records of the organisations, ascending (set by ``link(_:)`` from ``organizationIDs``).
    private(set) var organizations: [Int32] = []
    /// The user ids of the organisations, ascending.
    var organizationIDs: [Int64] = []
    /// Each profile's login record (-1: a user no longer cached), after ``link(_:)``.
    private(set) var loginOf: [Int32] = []

    /// A count or date the profile does not have.
    static let unknown = Int64.min

    var count: Int { followers.count }

    var memory: Int {
        location.memory + name.memory + company.memory + (followers.capacity + repos.capacity + created.capacity + organizationIDs.capacity) * 8
            + (organizations.capacity + loginOf.capacity) * 4
    }

    /// Adds a profile; `id` above every profile's already in.
    mutating func append(id: Int64, location: String, name: String, company: String, followers: Int64, repos: Int64, created: Int64) {
        self.location.append(id: id, text: location)
        self.name.append(id: id, text: name)
        self.company.append(id: id, text: company)
        self.followers.append(followers)
        self.repos.append(repos)
        self.created.append(created)
    }

    /// Links each profile and organisation to its login record in `logins` (both in id order).
    mutating func link(_ logins: TextArena) {
        func records(_ ids: [Int64]) -> [Int32] {
            var record = 0
            return ids.map { id in
                record += partitionPoint(logins.count - record) { logins.ids[record + $0] < id }
                return record < logins.count && logins.ids[record] == id ? Int32(record) : -1
            }
        }
        loginOf = records(location.ids)
        organizations = records(organizationIDs).filter { $0 >= 0 }
    }

    /// The login records (ascending) that `qualifier` holds for, among `logins` records of
    /// which `noteOf` links those with a note; `nil` for a qualifier only SQLite answers.
    func records(_ qualifier: SearchQuery.Qualifier, logins: Int, noteOf: [Int32]) -> [Int32]? {
        let all = Int32(0)..<Int32(logins)
        var profiled: [Int32] { loginOf.filter { $0 >= 0 } }
        let found: [Int32]
        switch qualifier.test {
        case .type(let type):
            return type == "Organization" ? (qualifier.negated ? SearchCorpus.complement(organizations, count: logins) : organizations)
                : (qualifier.negated ? organizations : SearchCorpus.complement(organizations, count: logins))
        case .hasNote:
            return all.filter { (noteOf[Int($0)] >= 0) != qualifier.negated }
        case .hasProfile:
            return qualifier.negated ? SearchCorpus.complement(profiled, count: logins) : profiled
        case .text(let column, let text):
            guard let arena = [("location", location), ("name", name), ("company", company)].first(where: { $0.0 == column })?.1 else { return nil }
            let hits = arena.scan(TextArena.fold(text), isCancelled: { false }) ?? []
            let matching = qualifier.negated ? SearchCorpus.complement(hits, count: arena.count) : hits
            found = matching.map { loginOf[Int($0)] }
        case .count(let column, let lower, let upper):
            found = Self.within(column == "followers" ? followers : repos, lower, upper, negated: qualifier.negated, loginOf)
        case .created(let lower, let upper):
            let seconds = { (text: String?) in text.flatMap(Timestamp.date(iso8601:)).map { Int64($0.timeIntervalSince1970) } }
            found = Self.within(created, seconds(lower), seconds(upper), negated: qualifier.negated, loginOf)
        case .seen, .gone:
            return nil
        }
        return found.filter { $0 >= 0 }
    }

    /// The login records of the profiles whose `values` are known and in `lower..<upper`
    /// (outside it when `negated`).
    private static func within(_ values: [Int64], _ lower: Int64?, _ upper: Int64?, negated: Bool, _ loginOf: [Int32]) -> [Int32] {
        let (low, high) = (lower ?? .min + 1, upper ?? .max)
        return values.indices.compactMap { profile in
            let value = values[profile]
            return value != unknown && ((low <= value && value < high) != negated) ? loginOf[profile] : nil
        }
    }
}
