import Foundation

/// What the profile qualifiers test, in memory beside the logins, so that `/` answers them
/// without SQLite (``SearchQuery/Qualifier/isIndexed``): each cached profile's fields that
/// ``Profile/Field/spec`` marks `indexed`: its texts (a ``TextColumn`` each: distinct values
/// once, a number a profile), counts, dates and flags (about 30 bytes a profile at 1,000,000,
/// issue 57); the account type is a bit of the login's mask (``typeBits``). A value the
/// profile does not have (SQL's NULL) is matched by no count or date, negated or not, as
/// ``StoreService/Search/Qualified`` reads the same columns; a flag not set is false, as there.
struct ProfileColumns: Sendable {
    /// Each profile's user id, in ascending order, until ``SearchCorpus/link()`` has read
    /// them into ``loginOf`` (8 MB at a million, let go then).
    var ids: [Int64] = []
    /// Each of ``textFields``, a value a profile.
    var texts: [TextColumn] = textFields.map { _ in TextColumn() }
    /// Each profile's ``countFields`` and ``dateFields`` (seconds since 1970), ``unknown`` for
    /// none, and ``flagFields`` (0 or 1), a column a field in its list's order.
    var counts: [[Int32]] = countFields.map { _ in [] }
    var dates: [[UInt32]] = dateFields.map { _ in [] }
    var flags: [[UInt8]] = flagFields.map { _ in [] }
    /// For each of ``textFields`` with a qualifier, the profiles (ascending) whose answer left
    /// it unknown, which no text qualifier matches, negated or not, as no count matches an
    /// unknown count. Usually empty: a field GitHub nulled with an error. (An email, unknown in
    /// every profile gh's token prefetched, has no qualifier.)
    var unknownTexts: [[Int32]] = textFields.map { _ in [] }
    /// Each profile's login record (-1: a user no longer cached), set by ``SearchCorpus/link()``.
    var loginOf: [Int32] = []

    /// How many profiles.
    var count: Int { texts.first?.count ?? 0 }

    /// A count the profile does not have.
    static let unknown = Int32.min
    /// A date the profile does not have: dates are seconds since 1970 from GitHub's accounts
    /// (2007 on), under 2^32 until 2106.
    static let unknownDate = UInt32.max
    /// The indexed fields of each kind, in GitHub's order.
    static let textFields = indexed { if case .text = $0 { true } else { false } }
    static let countFields = indexed { if case .count = $0 { true } else { false } }
    static let dateFields = indexed { if case .date = $0 { true } else { false } }
    static let flagFields = indexed { if case .flag = $0 { true } else { false } }
    /// Whether each of ``textFields`` has a qualifier (``unknownTexts`` keeps only those).
    static let textQualified = textFields.map { $0.spec.qualifier != nil }
    /// Where `field` (one `indexed`, like the name of `fullname:` and `in:name`) is among ``textFields``.
    static func textField(_ field: Profile.Field) -> Int {
        guard let index = textFields.firstIndex(of: field) else { preconditionFailure("\(field) is not indexed") }
        return index
    }

    private static func indexed(_ kind: (Profile.Field.Storage) -> Bool) -> [Profile.Field] {
        Profile.Field.allCases.filter { $0.spec.indexed && kind($0.spec.storage) }
    }

    var memory: Int {
        texts.reduce(0) { $0 + $1.memory } + ids.capacity * 8 + dates.reduce(0) { $0 + $1.capacity } * 4
            + (counts.reduce(0) { $0 + $1.capacity } + unknownTexts.reduce(0) { $0 + $1.capacity } + loginOf.capacity) * 4
            + flags.reduce(0) { $0 + $1.capacity }
    }

    /// ``memory`` by part: each text column, then the numbers and links.
    var memoryByPart: [(part: String, bytes: Int)] {
        zip(Self.textFields, texts).map { ("profile \($0.column)", $1.memory) } + [("profile numbers and links", memory - texts.reduce(0) { $0 + $1.memory })]
    }

    /// A login's mask bit for an organisation, and for an account neither a user nor an
    /// organisation (GitHub's `Bot`, `Mannequin`), above ``TextArena/characterBits``'.
    static let organizationBit: UInt64 = 1 << 40, otherTypeBit: UInt64 = 1 << 41

    /// The mask bits that `type:` tests, and whether the type's logins lack them, as SQLite's
    /// `type = ?`: an organisation has its bit, a user neither (the rest).
    static func typeTest(_ type: String, negated: Bool) -> (bits: UInt64, lacking: Bool) {
        let organization = type == "Organization"
        return (organization ? organizationBit : organizationBit | otherTypeBit, organization == negated)
    }

    /// The mask bits of account type `type` (the users list's `type`).
    static func typeBits(_ type: String) -> UInt64 {
        type == "Organization" ? organizationBit : type == "User" ? 0 : otherTypeBit
    }

    /// Adds a profile's ``textFields`` (in their order, `nil` for none); `id` above every
    /// profile's already in. Its counts, dates and flags are appended to their columns beside.
    mutating func append(id: Int64, texts: [String?], unknown: Set<Profile.Field> = []) {
        for (column, field) in Self.textFields.enumerated() where Self.textQualified[column] && unknown.contains(field) {
            unknownTexts[column].append(Int32(ids.count))
        }
        ids.append(id)
        for (column, text) in texts.enumerated() {
            // An email is searched before its `@` only (``WordMatch/holdsInLocalPart(_:needle:of:from:to:)``):
            // its domain is not kept, nor read by a scan.
            self.texts[column].append(column == Self.emailField ? text.map(WordMatch.localPart) : text)
        }
    }

    /// Where the email is among ``textFields``.
    private static let emailField = textFields.firstIndex(of: .email)

    /// Makes room for `profiles` profiles in every column.
    mutating func reserve(_ profiles: Int) {
        ids.reserveCapacity(profiles)
        texts = Self.textFields.map { _ in TextColumn(profiles: profiles) }
        for index in counts.indices { counts[index].reserveCapacity(profiles) }
        for index in dates.indices { dates[index].reserveCapacity(profiles) }
        for index in flags.indices { flags[index].reserveCapacity(profiles) }
    }

    /// Done adding: the text columns let their builders' tables go.
    mutating func finish() {
        for column in texts.indices { texts[column].finish() }
    }

    /// The login records (ascending) that `qualifier` holds for, among `logins`, of which
    /// `noteLinks` links those with a note; `nil` exactly for a qualifier that is not
    /// ``SearchQuery/Qualifier/isIndexed`` (only SQLite answers it).
    func records(_ qualifier: SearchQuery.Qualifier, logins: TextArena, noteLinks: NoteLinks) -> [Int32]? {
        let negated = qualifier.negated
        let found: [Int32]
        switch qualifier.test {
        case .type(let type):
            let (bits, lacking) = Self.typeTest(type, negated: negated)
            return logins.records(0..<logins.count, having: bits, lacking: lacking)
        case .login(let login, let organization):
            let name = TextArena.fold(login)
            return (0..<logins.count).compactMap { record in
                let holds = logins.equals(record, name) && (!organization || logins.records(record..<record + 1, having: Self.organizationBit) == [Int32(record)])
                return holds != negated ? Int32(record) : nil
            }
        case .hasNote:
            return negated ? SearchCorpus.complement(noteLinks.logins, count: logins.count) : noteLinks.logins
        case .hasProfile:
            let profiled = loginOf.filter { $0 >= 0 }
            return negated ? SearchCorpus.complement(profiled, count: logins.count) : profiled
        case .text(let field, let text):
            guard let column = Self.textFields.firstIndex(of: field) else { return nil }
            found = records(column, containing: TextArena.fold(text), negated: negated, wholeWords: true, unknown: unknownTexts[column])
        case .count(let field, let lower, let upper):
            guard let column = Self.countFields.firstIndex(of: field) else { return nil }
            found = Self.within(counts[column], lower, upper, negated: negated, unknown: Int64(Self.unknown), loginOf)
        case .date(let field, let lower, let upper):
            guard let column = Self.dateFields.firstIndex(of: field) else { return nil }
            let seconds = { (text: String?) in text.flatMap(Timestamp.date(iso8601:)).map { Int64($0.timeIntervalSince1970) } }
            found = Self.within(dates[column], seconds(lower), seconds(upper), negated: negated, unknown: Int64(Self.unknownDate), loginOf)
        case .flag(let field, let value):
            guard let column = Self.flagFields.firstIndex(of: field) else { return nil }
            let wanted: UInt8 = value != negated ? 1 : 0
            found = flags[column].indices.compactMap { flags[column][$0] == wanted ? loginOf[$0] : nil }
        case .seen, .gone:
            return nil
        case .anyOf(let tests):
            // Any of them (never negated: SearchQuery.Qualifier.grouped).
            var union: [Int32] = []
            for test in tests {
                guard let records = records(SearchQuery.Qualifier(test: test, negated: false), logins: logins, noteLinks: noteLinks) else { return nil }
                union = SearchCorpus.union(union, records)
            }
            return union
        }
        return found.filter { $0 >= 0 }
    }

    /// The login records (ascending) of the profiles whose field `field` (of ``textFields``)
    /// contains `needle` (or, `negated`, does not, leaving out the `unknown` profiles);
    /// `wholeWords`: holds its words in a row (``WordMatch``), as a text qualifier matches;
    /// `localPart`: an email's, before its `@` (``WordMatch/holdsInLocalPart(_:of:from:to:)``).
    func records(
        _ field: Int, containing needle: [UInt8], negated: Bool = false, wholeWords: Bool = false, localPart: Bool = false, unknown: [Int32] = []
    ) -> [Int32] {
        let hits = profiles(field, needle, phrase: wholeWords ? WordMatch.words(needle) : [], localPart: localPart)
        let found = negated ? SearchCorpus.complement(SearchCorpus.union(hits, unknown), count: count) : hits
        return found.map { loginOf[Int($0)] }.filter { $0 >= 0 }
    }

    /// The profiles whose field `field` contains `needle`, or with a `phrase`, holds its
    /// words: the distinct values holding it (or its first word) anywhere, each then looked
    /// inside once.
    private func profiles(_ field: Int, _ needle: [UInt8], phrase: [[UInt8]], localPart: Bool = false) -> [Int32] {
        let words = localPart ? WordMatch.words(needle) : phrase
        let column = texts[field]
        guard let first = words.first ?? (needle.isEmpty ? nil : needle) else { return [] }
        return needle.withUnsafeBufferPointer { needle in
            column.profiles(candidates: column.candidates(first)) { bytes, start, stop in
                if localPart { return WordMatch.holdsInLocalPart(words, needle: needle, of: bytes, from: start, to: stop) }
                return phrase.isEmpty ? TextArena.find(needle, in: bytes, from: start, to: stop) != nil : WordMatch.holds(phrase, in: bytes, from: start, to: stop)
            }
        }
    }

    /// A key of count or date `field` for each of `records` login records (by record), in the
    /// order `sort:` lists them, smallest first: the value (its opposite, `descending`), and
    /// `UInt32.max`, after every other, where no profile knows it. Counts are at most
    /// `Int32.max`; a date is its seconds since 1970, clamped to 0 ..< 2^32 - 1 (1970 to 2106).
    func sortKeys(of field: Profile.Field, descending: Bool, records: Int) -> [UInt32] {
        var keys = [UInt32](repeating: .max, count: records)
        func fill<Value: BinaryInteger>(_ column: [Value], unknown: Value) {
            for (profile, value) in column.enumerated() where value != unknown {
                let record = loginOf[profile]
                guard record >= 0 else { continue }
                let key = UInt32(min(max(Int64(value), 0), Int64(UInt32.max) - 1))
                keys[Int(record)] = descending ? UInt32.max - 1 - key : key
            }
        }
        if let column = Self.countFields.firstIndex(of: field) {
            fill(counts[column], unknown: Self.unknown)
        } else if let column = Self.dateFields.firstIndex(of: field) {
            fill(dates[column], unknown: Self.unknownDate)
        }
        return keys
    }

    /// The login records of the profiles whose `values` are known and in `lower..<upper`
    /// (outside it when `negated`).
    /// One pass without a branch on the value, as ``TextArena/records(_:having:lacking:)``:
    /// `compactMap` took 7 ms of `followers:>1000` at a million profiles.
    private static func within<Value: BinaryInteger>(_ values: [Value], _ lower: Int64?, _ upper: Int64?, negated: Bool, unknown: Int64, _ loginOf: [Int32]) -> [Int32] {
        let (low, high) = (lower ?? .min, upper ?? .max)
        return values.withUnsafeBufferPointer { values in
            loginOf.withUnsafeBufferPointer { loginOf in
                [Int32](unsafeUninitializedCapacity: values.count) { buffer, kept in
                    kept = 0
                    var profile = 0
                    while profile < values.count {
                        let value = Int64(values[profile])
                        buffer[kept] = loginOf[profile]
                        kept &+= value != unknown && ((low <= value && value < high) != negated) ? 1 : 0
                        profile &+= 1
                    }
                }
            }
        }
    }
}
