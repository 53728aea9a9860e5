extension SearchQuery {
    /// GitHub's `sort:` ("Sorting search results"): `followers`, `repositories` or `joined`,
    /// with `-desc` (the default) or `-asc`; ties in id order. Users whose profile is not cached,
    /// or does not know the key (an organization's followers over GraphQL), come after the
    /// others, in id order. Never sent to GitHub: `search --online` walks its windows in join
    /// order (``SearchSyntax``).
    public struct Sort: Sendable, Hashable {
        /// What the answer is ordered by.
        public enum Key: String, Sendable, Hashable, CaseIterable {
            case followers, repositories, joined

            /// The profile field it reads.
            public var field: Profile.Field {
                switch self {
                case .followers: .followers
                case .repositories: .publicRepos
                case .joined: .createdAt
                }
            }
        }

        public let key: Key
        /// Lowest first (`-asc`); else highest first.
        public let ascending: Bool

        public init(key: Key, ascending: Bool) {
            (self.key, self.ascending) = (key, ascending)
        }

        /// `value` of `sort:`, or the one-line problem listing what it takes.
        static func parse(_ value: String) throws(Problem) -> Sort {
            let lowered = value.lowercased()
            for key in Key.allCases {
                switch lowered {
                case key.rawValue, key.rawValue + "-desc": return Sort(key: key, ascending: false)
                case key.rawValue + "-asc": return Sort(key: key, ascending: true)
                default: continue
                }
            }
            let valid = Key.allCases.map { "\($0.rawValue), \($0.rawValue)-asc" }.joined(separator: ", ")
            throw Problem("sort: takes \(valid) (-desc is the default), not “\(value)”")
        }
    }
}
