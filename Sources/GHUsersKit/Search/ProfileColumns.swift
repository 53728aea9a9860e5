import Foundation

/// What the profile qualifiers test, in memory beside the logins, so that `/` answers them
/// without SQLite (``SearchQuery/Qualifier/isIndexed``): each cached profile's fields that
/// ``Profile/Field/spec`` marks `indexed`: its texts (a ``TextColumn`` each: distinct values
/// once, a number a profile), counts, dates and flags (about 30 bytes a profile at 1,000,000,
/// issue 57); the account type is a flag of the login (``typeFlags(_:)``). A value the
/// profile does not have (SQL's NULL) is matched by no count or date, negated or not, as
/// ``StoreService/Search/Qualified`` reads the same columns; a flag not set is false, as there.
struct ProfileColumns: Sendable {
    /// Each profile's user id, in ascending order, until ``SearchCorpus/link()`` has read
    /// them into ``loginOf`` (4 MB at a million, let go then).
    var ids = UserIDs()
    /// Each of ``textFields``, a value a profile.
    var texts: [TextColumn] = textFields.map { _ in TextColumn() }
    /// Each profile's ``countFields`` and ``dateFields`` (seconds since 1970, ``unknownDate``
    /// for none), a column a field in its list's order, and its ``flagFields``, flag `n` the
    /// list's `n`th, set if true.
    var counts: [CountColumn] = countFields.map { _ in CountColumn() }
    var dates: [[UInt32]] = dateFields.map { _ in [] }
    var flags = RecordFlags()
    /// For each of ``textFields`` with a qualifier, the profiles (ascending) whose answer left
    /// it unknown, which no text qualifier matches, negated or not, as no count matches an
    /// unknown count. Usually empty: a field GitHub nulled with an error. (An email, unknown in
    /// every profile gh's token prefetched, has no qualifier.)
    var unknownTexts: [[Int32]] = textFields.map { _ in [] }
    /// Each profile's login record (-1: a user no longer cached), set by ``SearchCorpus/link()``;
    /// `nil` while profile `n` is login record `n`, every cached user having a profile (a
    /// home filled by searches): 4 MB saved at a million. Read through ``logins(ofProfiles:)``.
    var loginOf: [Int32]?

    /// How many profiles.
    var count: Int { texts.first?.count ?? 0 }

    /// A date the profile does not have: dates are seconds since 1970 from GitHub's accounts
    /// (2007 on), under 2^32 until 2106.
    static let unknownDate = UInt32.max
    /// The indexed fields of each kind, in GitHub's order.
    static let textFields = indexed { if case .text = $0 { true } else { false } }
    static let countFields = indexed { if case .count = $0 { true } else { false } }
    static let dateFields = indexed { if case .date = $0 { true } else { false } }
    static let flagFields: [Profile.Field] = {
        let fields = indexed { if case .flag = $0 { true } else { false } }
        precondition(fields.count <= RecordFlags.count, "\(fields.count) indexed flags, room for \(RecordFlags.count)")
        return fields
    }()
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
        texts.reduce(0) { $0 + $1.memory } + ids.memory + dates.reduce(0) { $0 + $1.capacity } * 4
            + counts.reduce(0) { $0 + $1.memory } + (unknownTexts.reduce(0) { $0 + $1.capacity } + (loginOf?.capacity ?? 0)) * 4
            + flags.memory
    }

    /// ``memory`` by part: each text column, then the numbers and links.
    var memoryByPart: [(part: String, bytes: Int)] {
        zip(Self.textFields, texts).map { ("profile \($0.column)", $1.memory) } + [("profile numbers and links", memory - texts.reduce(0) { $0 + $1.memory })]
    }

    /// A login's flag (``TextArena/flags``) for an organisation, and for an account neither a
    /// user nor an organisation (GitHub's `Bot`, `Mannequin`).
    static let organizationFlag: UInt8 = 1, otherTypeFlag: UInt8 = 2

    /// The flags that `type:` tests, and whether the type's logins lack them, as SQLite's
    /// `type = ?`: an organisation has its flag, a user neither (the rest).
    static func typeTest(_ type: String, negated: Bool) -> (flags: UInt8, lacking: Bool) {
        let organization = type == "Organization"
        return (organization ? organizationFlag : organizationFlag | otherTypeFlag, organization == negated)
    }

    /// The flags of account type `type` (the users list's `type`).
    static func typeFlags(_ type: String) -> UInt8 {
        type == "Organization" ? organizationFlag : type == "User" ? 0 : otherTypeFlag
    }

    /// Adds a profile's ``textFields`` (in their order, `nil` for none); `id` above every
    /// profile's already in. Its counts, dates and flags are appended to their columns beside.
    /// `logins`: the ids of the logins it is loaded beside, to link it to its login now,
    /// without keeping its id (``link(_:to:)``); otherwise ``SearchCorpus/link()`` links it.
    mutating func append(id: Int64, texts: [String?], unknown: Set<Profile.Field> = [], linkingTo logins: UserIDs? = nil) {
        let profile = count
        for (column, field) in Self.textFields.enumerated() where Self.textQualified[column] && unknown.contains(field) {
            unknownTexts[column].append(Int32(profile))
        }
        if let logins { link(id, to: logins) } else { ids.append(id) }
        for (column, text) in texts.enumerated() {
            // An email is searched before its `@` only (``WordMatch/holdsInLocalPart(_:needle:of:from:to:)``):
            // its domain is not kept, nor read by a scan.
            self.texts[column].append(column == Self.emailField ? text.map(WordMatch.localPart) : text)
        }
    }

    /// Links the profile being added, of user `id`, to its record among `logins`: in place
    /// while every profile so far is the login of its own record, else in ``loginOf``, found
    /// on from the last one linked.
    private mutating func link(_ id: Int64, to logins: UserIDs) {
        let profile = count
        if loginOf == nil, profile < logins.count, logins[profile] == id { return }
        if loginOf == nil { loginOf = Array(0..<Int32(profile)) }
        linkedUpTo = logins.firstPosition(atLeast: id, from: linkedUpTo)
        loginOf?.append(linkedUpTo < logins.count && logins[linkedUpTo] == id ? Int32(linkedUpTo) : -1)
    }

    /// Where ``link(_:to:)`` looks on from.
    private var linkedUpTo = 0

    /// Where the email is among ``textFields``.
    private static let emailField = textFields.firstIndex(of: .email)

    /// Makes room for `profiles` profiles in every column, and their ``ids`` if they are to be kept.
    mutating func reserve(_ profiles: Int, ids: Bool) {
        if ids { self.ids.reserve(profiles) }
        texts = Self.textFields.map { _ in TextColumn(profiles: profiles) }
        for index in counts.indices { counts[index].reserve(profiles) }
        for index in dates.indices { dates[index].reserveCapacity(profiles) }
        flags.reserve(profiles)
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
        switch qualifier.test {
        case .type(let type):
            let (flags, lacking) = Self.typeTest(type, negated: negated)
            return logins.flags.records(0..<logins.count, anyOf: flags, lacking: lacking)
        case .login(let login, let organization):
            let name = TextArena.fold(login)
            return (0..<logins.count).compactMap { record in
                let holds = logins.equals(record, name) && (!organization || logins.flags.has(record, anyOf: Self.organizationFlag))
                return holds != negated ? Int32(record) : nil
            }
        case .hasNote:
            return negated ? SearchCorpus.complement(noteLinks.logins, count: logins.count) : noteLinks.logins
        case .hasProfile:
            let profiled = self.logins(ofProfiles: Array(0..<Int32(count)))
            return negated ? SearchCorpus.complement(profiled, count: logins.count) : profiled
        case .text(let field, let text):
            guard let column = Self.textFields.firstIndex(of: field) else { return nil }
            return records(column, containing: TextArena.fold(text), negated: negated, wholeWords: true, unknown: unknownTexts[column])
        case .count(let field, let lower, let upper):
            guard let column = Self.countFields.firstIndex(of: field) else { return nil }
            return self.logins(ofProfiles: counts[column].profiles(lower, upper, negated: negated))
        case .date(let field, let lower, let upper):
            guard let column = Self.dateFields.firstIndex(of: field) else { return nil }
            let seconds = { (text: String?) in text.flatMap(Timestamp.date(iso8601:)).map { Int64($0.timeIntervalSince1970) } }
            let (low, high) = (seconds(lower) ?? .min, seconds(upper) ?? .max)
            let found = dates[column].withUnsafeBufferPointer { CountColumn.within($0, low, high, negated: negated, below: Self.unknownDate) }
            return self.logins(ofProfiles: found)
        case .flag(let field, let value):
            guard let column = Self.flagFields.firstIndex(of: field) else { return nil }
            return self.logins(ofProfiles: flags.records(0..<count, anyOf: 1 << column, lacking: value == negated))
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
    }

    /// The login records of `profiles` (ascending), those no longer cached left out.
    func logins(ofProfiles profiles: [Int32]) -> [Int32] {
        guard let loginOf else { return profiles }
        return profiles.map { loginOf[Int($0)] }.filter { $0 >= 0 }
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
        return logins(ofProfiles: found)
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

    /// The key of count or date `field` of each login record (of `logins` in all), in the
    /// order `sort:` lists them, smallest first: the value (its opposite, `descending`), and
    /// `UInt32.max`, after every other, where no profile knows it. Counts and dates (seconds
    /// since 1970) are clamped to 0 ..< 2^32 - 1 (a date: 1970 to 2106). The keys of a run of
    /// records come at once (a loop over a typed column, not a call a record); profiles linked
    /// in place are read by record, only those asked for (a sort's first places of a million
    /// matches held 4 MB of keys for every login before); otherwise every profile's key is
    /// placed at its login's record first.
    func sortKeys(of field: Profile.Field, descending: Bool, logins: Int) -> (ArraySlice<Int32>) -> [UInt32] {
        let countColumn = Self.countFields.firstIndex(of: field).map { counts[$0] }
        let dates = Self.dateFields.firstIndex(of: field).map { self.dates[$0] } ?? []
        let count = self.count
        @inline(__always) func key(_ value: UInt32?) -> UInt32 {
            guard let value else { return .max }
            let key = min(value, UInt32.max - 1)
            return descending ? UInt32.max - 1 - key : key
        }
        func key(_ profile: Int) -> UInt32 {
            key(countColumn.map { $0[profile] } ?? (dates[profile] == Self.unknownDate ? nil : dates[profile]))
        }
        guard let loginOf else {
            guard countColumn == nil else { return { $0.map { Int($0) < count ? key(Int($0)) : .max } } }
            // A date a record, read straight from its array (`sort:joined-asc` over everyone).
            return { records in
                dates.withUnsafeBufferPointer { dates in
                    records.map { Int($0) < count && dates[Int($0)] != Self.unknownDate ? key(dates[Int($0)]) : .max }
                }
            }
        }
        var byRecord = [UInt32](repeating: .max, count: logins)
        for (profile, record) in loginOf.enumerated() where record >= 0 { byRecord[Int(record)] = key(profile) }
        return { $0.map { byRecord[Int($0)] } }
    }
}
