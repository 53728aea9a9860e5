import Foundation

/// What GitHub's user-search qualifiers test, in memory beside the logins, so that `/` answers
/// them without SQLite (``SearchQuery/Qualifier/isIndexed``): each cached profile's location,
/// name and company (folded, in one ``TextArena`` record), its counts and join date (about 60
/// bytes a profile); the account type is a bit of the login's mask (``typeBits``). A value
/// the profile does not have (SQL's NULL) is matched by no count or date, negated or not, as
/// ``StoreService/Users/Qualified`` reads the same columns.
struct ProfileColumns: Sendable {
    /// Each profile's location, name and company between ``fieldSeparator``s: one record a
    /// profile (21 bytes of start, id and mask, not 63), in user id order.
    var texts = TextArena()
    /// Each profile's counts and join date (seconds since 1970): ``unknown`` for none.
    var followers: [Int32] = [], repos: [Int32] = []
    var created: [Int64] = []
    /// Each profile's login record (-1: a user no longer cached), set by ``SearchCorpus/link()``.
    var loginOf: [Int32] = []

    /// A count or date the profile does not have.
    static let unknown = Int32.min
    /// The byte between a profile's fields in ``texts`` (a field's own becomes a space), the
    /// fields in their order there, and where the name (`fullname:`, `in:name`) is among them.
    static let fieldSeparator: UInt8 = 1
    static let fields = ["location", "name", "company"]
    static let nameField = 1

    var memory: Int { texts.memory + (followers.capacity + repos.capacity + loginOf.capacity) * 4 + created.capacity * 8 }

    /// A login's mask bit for an organisation, and for an account neither a user nor an
    /// organisation (GitHub's `Bot`, `Mannequin`), above ``TextArena/characterBits``'.
    static let organizationBit: UInt64 = 1 << 40, otherTypeBit: UInt64 = 1 << 41

    /// The mask bits of account type `type` (the users list's `type`).
    static func typeBits(_ type: String) -> UInt64 {
        type == "Organization" ? organizationBit : type == "User" ? 0 : otherTypeBit
    }

    /// Adds a profile; `id` above every profile's already in.
    mutating func append(id: Int64, location: String, name: String, company: String, followers: Int32, repos: Int32, created: Int64) {
        let separator = String(UnicodeScalar(Self.fieldSeparator))
        texts.append(id: id, text: [location, name, company].map { $0.replacing(separator, with: " ") }.joined(separator: separator))
        self.followers.append(followers)
        self.repos.append(repos)
        self.created.append(created)
    }

    /// The login records (ascending) that `qualifier` holds for, among `logins`, of which
    /// `noteOf` links those with a note; `nil` for a qualifier only SQLite answers.
    func records(_ qualifier: SearchQuery.Qualifier, logins: TextArena, noteOf: [Int32]) -> [Int32]? {
        let negated = qualifier.negated
        let found: [Int32]
        switch qualifier.test {
        case .type(let type):
            // As SQLite's `type = ?`: an organisation has its bit, a user neither (the rest).
            let organization = type == "Organization"
            let having = logins.records(0..<logins.count, having: organization ? Self.organizationBit : Self.organizationBit | Self.otherTypeBit)
            return organization != negated ? having : SearchCorpus.complement(having, count: logins.count)
        case .hasNote:
            return (Int32(0)..<Int32(logins.count)).filter { (noteOf[Int($0)] >= 0) != negated }
        case .hasProfile:
            let profiled = loginOf.filter { $0 >= 0 }
            return negated ? SearchCorpus.complement(profiled, count: logins.count) : profiled
        case .text(let column, let text):
            guard let field = Self.fields.firstIndex(of: column) else { return nil }
            found = records(field, containing: TextArena.fold(text), negated: negated)
        case .count(let column, let lower, let upper):
            found = Self.within(column == "followers" ? followers : repos, lower, upper, negated: negated, loginOf)
        case .created(let lower, let upper):
            let seconds = { (text: String?) in text.flatMap(Timestamp.date(iso8601:)).map { Int64($0.timeIntervalSince1970) } }
            found = Self.within(created, seconds(lower), seconds(upper), negated: negated, loginOf)
        case .seen, .gone:
            return nil
        }
        return found.filter { $0 >= 0 }
    }

    /// The login records (ascending) of the profiles whose field `field` (of ``fields``)
    /// contains `needle` (or, `negated`, does not).
    func records(_ field: Int, containing needle: [UInt8], negated: Bool = false) -> [Int32] {
        let hits = fieldHits(field, needle)
        return (negated ? SearchCorpus.complement(hits, count: texts.count) : hits).map { loginOf[Int($0)] }.filter { $0 >= 0 }
    }

    /// The profiles (records of ``texts``) whose field `field` contains `needle`: those holding
    /// it anywhere, then a look inside that field.
    private func fieldHits(_ field: Int, _ needle: [UInt8]) -> [Int32] {
        let hits = texts.scan(needle)
        return texts.bytes.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                hits.filter { record in
                    let end = Int(texts.starts[Int(record)]) + texts.length(Int(record))
                    var start = Int(texts.starts[Int(record)])
                    for _ in 0..<field { start = min(end, (bytes[start..<end].firstIndex(of: Self.fieldSeparator) ?? end) + 1) }
                    let stop = bytes[start..<end].firstIndex(of: Self.fieldSeparator) ?? end
                    return TextArena.find(needle, in: bytes, from: start, to: stop) != nil
                }
            }
        }
    }

    /// The login records of the profiles whose `values` are known and in `lower..<upper`
    /// (outside it when `negated`).
    private static func within<Value: BinaryInteger>(_ values: [Value], _ lower: Int64?, _ upper: Int64?, negated: Bool, _ loginOf: [Int32]) -> [Int32] {
        let (low, high) = (lower ?? .min, upper ?? .max)
        return values.indices.compactMap { profile in
            let value = Int64(values[profile])
            return value != Int64(unknown) && ((low <= value && value < high) != negated) ? loginOf[profile] : nil
        }
    }
}
