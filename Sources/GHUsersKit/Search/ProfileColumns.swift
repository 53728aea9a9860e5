import Foundation

/// What the profile qualifiers test, in memory beside the logins, so that `/` answers them
/// without SQLite (``SearchQuery/Qualifier/isIndexed``): each cached profile's fields that
/// ``Profile/Field/spec`` marks `indexed`: its texts (folded, in one ``TextArena`` record),
/// counts, dates and flags (about 60 bytes a profile); the account type is a bit of the login's
/// mask (``typeBits``). A value the profile does not have (SQL's NULL) is matched by no count
/// or date, negated or not, as ``StoreService/Search/Qualified`` reads the same columns; a flag
/// not set is false, as there.
struct ProfileColumns: Sendable {
    /// Each profile's ``textFields`` between ``fieldSeparator``s: one record a profile (21
    /// bytes of start, id and mask, not 63), in user id order.
    var texts = TextArena()
    /// Each profile's ``countFields`` and ``dateFields`` (seconds since 1970), ``unknown`` for
    /// none, and ``flagFields`` (0 or 1), a column a field in its list's order.
    var counts: [[Int32]] = countFields.map { _ in [] }
    var dates: [[Int64]] = dateFields.map { _ in [] }
    var flags: [[UInt8]] = flagFields.map { _ in [] }
    /// For each of ``textFields`` with a qualifier, the profiles (records of ``texts``,
    /// ascending) whose answer left it unknown, which no text qualifier matches, negated or
    /// not, as no count matches an unknown count. Usually empty: a field GitHub nulled with an
    /// error. (An email, unknown in every profile gh's token prefetched, has no qualifier.)
    var unknownTexts: [[Int32]] = textFields.map { _ in [] }
    /// Each profile's login record (-1: a user no longer cached), set by ``SearchCorpus/link()``.
    var loginOf: [Int32] = []

    /// A count or date the profile does not have.
    static let unknown = Int32.min
    /// The byte between a profile's fields in ``texts`` (a field's own becomes a space).
    static let fieldSeparator: UInt8 = 1
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
        texts.memory + (counts.reduce(0) { $0 + $1.capacity } + unknownTexts.reduce(0) { $0 + $1.capacity } + loginOf.capacity) * 4 + dates.reduce(0) { $0 + $1.capacity } * 8
            + flags.reduce(0) { $0 + $1.capacity }
    }

    /// A login's mask bit for an organisation, and for an account neither a user nor an
    /// organisation (GitHub's `Bot`, `Mannequin`), above ``TextArena/characterBits``'.
    static let organizationBit: UInt64 = 1 << 40, otherTypeBit: UInt64 = 1 << 41

    /// The mask bits of account type `type` (the users list's `type`).
    static func typeBits(_ type: String) -> UInt64 {
        type == "Organization" ? organizationBit : type == "User" ? 0 : otherTypeBit
    }

    /// Adds a profile's ``textFields`` (in their order); `id` above every profile's already
    /// in. Its counts, dates and flags are appended to their columns beside.
    mutating func append(id: Int64, texts: [String], unknown: Set<Profile.Field> = []) {
        for (column, field) in Self.textFields.enumerated() where Self.textQualified[column] && unknown.contains(field) {
            unknownTexts[column].append(Int32(self.texts.count))
        }
        let separator = String(UnicodeScalar(Self.fieldSeparator))
        self.texts.append(id: id, text: texts.map { $0.replacing(separator, with: " ") }.joined(separator: separator))
    }

    /// The login records (ascending) that `qualifier` holds for, among `logins`, of which
    /// `noteOf` links those with a note; `nil` exactly for a qualifier that is not
    /// ``SearchQuery/Qualifier/isIndexed`` (only SQLite answers it).
    func records(_ qualifier: SearchQuery.Qualifier, logins: TextArena, noteOf: [Int32]) -> [Int32]? {
        let negated = qualifier.negated
        let found: [Int32]
        switch qualifier.test {
        case .type(let type):
            // As SQLite's `type = ?`: an organisation has its bit, a user neither (the rest).
            let organization = type == "Organization"
            let having = logins.records(0..<logins.count, having: organization ? Self.organizationBit : Self.organizationBit | Self.otherTypeBit)
            return organization != negated ? having : SearchCorpus.complement(having, count: logins.count)
        case .login(let login, let organization):
            let name = TextArena.fold(login)
            return (0..<logins.count).compactMap { record in
                let holds = logins.equals(record, name) && (!organization || logins.records(record..<record + 1, having: Self.organizationBit) == [Int32(record)])
                return holds != negated ? Int32(record) : nil
            }
        case .hasNote:
            return (Int32(0)..<Int32(logins.count)).filter { (noteOf[Int($0)] >= 0) != negated }
        case .hasProfile:
            let profiled = loginOf.filter { $0 >= 0 }
            return negated ? SearchCorpus.complement(profiled, count: logins.count) : profiled
        case .text(let field, let text):
            guard let column = Self.textFields.firstIndex(of: field) else { return nil }
            found = records(column, containing: TextArena.fold(text), negated: negated, wholeWords: true, unknown: unknownTexts[column])
        case .count(let field, let lower, let upper):
            guard let column = Self.countFields.firstIndex(of: field) else { return nil }
            found = Self.within(counts[column], lower, upper, negated: negated, loginOf)
        case .date(let field, let lower, let upper):
            guard let column = Self.dateFields.firstIndex(of: field) else { return nil }
            let seconds = { (text: String?) in text.flatMap(Timestamp.date(iso8601:)).map { Int64($0.timeIntervalSince1970) } }
            found = Self.within(dates[column], seconds(lower), seconds(upper), negated: negated, loginOf)
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
                guard let records = records(SearchQuery.Qualifier(test: test, negated: false), logins: logins, noteOf: noteOf) else { return nil }
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
        let hits = fieldHits(field, needle, phrase: wholeWords ? WordMatch.words(needle) : [], localPart: localPart)
        let found = negated ? SearchCorpus.complement(SearchCorpus.union(hits, unknown), count: texts.count) : hits
        return found.map { loginOf[Int($0)] }.filter { $0 >= 0 }
    }

    /// The profiles (records of ``texts``) whose field `field` contains `needle`, or with a
    /// `phrase`, holds its words: those holding it (or its first word) anywhere, then a look
    /// inside that field.
    private func fieldHits(_ field: Int, _ needle: [UInt8], phrase: [[UInt8]], localPart: Bool = false) -> [Int32] {
        let words = localPart ? WordMatch.words(needle) : phrase
        let hits = texts.scan(words.first ?? needle)
        return texts.bytes.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                hits.filter { record in
                    let end = Int(texts.starts[Int(record)]) + texts.length(Int(record))
                    var start = Int(texts.starts[Int(record)])
                    for _ in 0..<field { start = min(end, (bytes[start..<end].firstIndex(of: Self.fieldSeparator) ?? end) + 1) }
                    let stop = bytes[start..<end].firstIndex(of: Self.fieldSeparator) ?? end
                    if localPart { return WordMatch.holdsInLocalPart(words, needle: needle, of: bytes, from: start, to: stop) }
                    return phrase.isEmpty ? TextArena.find(needle, in: bytes, from: start, to: stop) != nil : WordMatch.holds(phrase, in: bytes, from: start, to: stop)
                }
            }
        }
    }

    /// A key of count or date `field` for each of `records` login records (by record), in the
    /// order `sort:` lists them, smallest first: the value (its opposite, `descending`), and
    /// `UInt32.max`, after every other, where no profile knows it. Counts are at most
    /// `Int32.max`; a date is its seconds since 1970, clamped to 0 ..< 2^32 - 1 (1970 to 2106).
    func sortKeys(of field: Profile.Field, descending: Bool, records: Int) -> [UInt32] {
        var keys = [UInt32](repeating: .max, count: records)
        func fill<Value: BinaryInteger>(_ column: [Value]) {
            for (profile, value) in column.enumerated() where Int64(value) != Int64(Self.unknown) {
                let record = loginOf[profile]
                guard record >= 0 else { continue }
                let key = UInt32(min(max(Int64(value), 0), Int64(UInt32.max) - 1))
                keys[Int(record)] = descending ? UInt32.max - 1 - key : key
            }
        }
        if let column = Self.countFields.firstIndex(of: field) {
            fill(counts[column])
        } else if let column = Self.dateFields.firstIndex(of: field) {
            fill(dates[column])
        }
        return keys
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
