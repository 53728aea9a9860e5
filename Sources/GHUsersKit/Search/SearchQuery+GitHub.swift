extension SearchQuery {
    /// What of a query GitHub's user search is asked (`search --online`), and what only the
    /// cache can answer.
    ///
    /// GitHub's "Searching users" has `type:`, `location:`, `fullname:`, `repos:`,
    /// `followers:`, `created:` and `in:login|name|email`; "Understanding the search syntax" excludes a
    /// qualifier with `-`. The rest of ghusers's syntax has no equivalent there (`company:`,
    /// `bio:`, `hireable:`, `has:`, `is:`, `in:note`, and fzf's `!`, `^`, `$` on plain text):
    /// it is left out of GitHub's query, which then asks a wider set, and the cache answers the
    /// whole query afterwards, as `search` does.
    public struct GitHubForm: Sendable, Hashable {
        /// The query GitHub is asked, in its syntax, without `created:` (``created`` holds it).
        public var query: String
        /// The times the query's `created:` allows (seconds since 1970, both ends included),
        /// `nil` for any.
        public var created: ClosedRange<Int64>?
        /// The words of the query GitHub is not asked, answered by the cache only.
        public var local: [String]
        /// Whether GitHub is asked anything at all (else it would be every account).
        public var asksGitHub: Bool { !query.isEmpty || created != nil }
        /// The profile fields GitHub's search is asked about that GraphQL can leave unknown: an
        /// organization's followers (GraphQL has none), an email the token may not read
        /// (``Profile/Field/spec``). Accounts kept without them are completed over REST.
        public var asksFields: Set<Profile.Field> = []
    }

    /// The GitHub form of the query `text` (its words as typed: GitHub folds case itself).
    public static func gitHubForm(_ text: String) -> GitHubForm {
        var asked: [String] = []
        var local: [String] = []
        var terms: [String] = []
        var fields: Set<String>?
        var asksFields: Set<Profile.Field> = []
        var lower = Int64.min
        var upper = Int64.max
        for word in words(text.precomposedStringWithCanonicalMapping) {
            guard let (name, value, negated) = qualifier(word) else {
                if word.hasPrefix("!") || word.hasPrefix("^") || word.hasSuffix("$") {
                    local.append(word)
                } else {
                    let plain = word.hasPrefix("'") ? String(word.dropFirst()) : word
                    if !plain.isEmpty { terms.append(plain) }
                }
                continue
            }
            guard let entry = SearchSyntax.entry(named: name) else {
                local.append(word)
                continue
            }
            switch entry.gitHub {
            case .asked:
                asked.append((negated ? "-" : "") + name + ":" + quoted(value))
                // A field GraphQL leaves unknown for some accounts (an organization's followers) is completed over REST.
                if case .profile(let field) = entry.kind, field.spec.user == .unknown || field.spec.organization == .unknown { asksFields.insert(field) }
            case .joinTimeWindows where !negated:
                guard let test = try? Qualifier.test(name, value), case .date(_, let from, let to) = test else { continue }
                let seconds = { (text: String?) in text.flatMap(Timestamp.date(iso8601:)).map { Int64($0.timeIntervalSince1970) } }
                lower = max(lower, seconds(from) ?? .min)
                upper = min(upper, seconds(to).map { $0 - 1 } ?? .max)
            case .joinTimeWindows:
                asked.append("-" + name + ":" + value)
            case .fields:
                let named = value.lowercased().split(separator: ",").compactMap { field -> String? in
                    switch field {
                    case "login": "login"
                    case "name", "fullname": "name"
                    case "email": "email"
                    default: nil
                    }
                }
                fields = (fields ?? []).union(named)
                if value.lowercased().contains("note") { local.append(word) }
            case .never:
                local.append(word)
            }
        }
        // Terms look in the login (and the name) here; GitHub's default, without `in:`, is the
        // login and the public email, so `in:` is always said. Terms only in notes stay here.
        let searched = fields ?? ["login"]
        if searched.isEmpty {
            local += terms
        } else if !terms.isEmpty {
            asked = terms.map(quoted) + asked + ["in:" + searched.sorted().joined(separator: ",")]
            if searched.contains("email") { asksFields.insert(.email) }
        }
        let created: ClosedRange<Int64>? = lower == .min && upper == .max ? nil : lower...max(lower, upper)
        return GitHubForm(query: asked.joined(separator: " "), created: created, local: local, asksFields: asksFields)
    }

    /// `value` in double quotes when it holds a space, as GitHub's syntax asks.
    private static func quoted(_ value: String) -> String {
        value.contains(" ") ? "\"\(value.replacing("\"", with: ""))\"" : value
    }
}
