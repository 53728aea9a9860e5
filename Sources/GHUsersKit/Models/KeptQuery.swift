import Foundation

/// A query `search --online` ran, kept with its last complete run: what GitHub is asked, when
/// it ran, what it cost, GitHub's count, the accounts it kept, and what changed since the run
/// before (``QueryChanges``). `refresh` asks every kept query again; `searches` lists them.
public struct KeptQuery: Sendable, Hashable {
    /// The key: GitHub's query text with its join-time bounds (`location:berlin created:…..*`),
    /// as a stopped run's resume key is.
    public var key: String
    /// The query GitHub is asked, as the user wrote it (its local-only words apart).
    public var query: String
    /// When its first run and its last complete run ended.
    public var firstRunAt: Date
    public var lastRunAt: Date
    /// GitHub's count at the last run, the accounts it kept, and how many joined and left.
    public var gitHubCount: Int?
    public var kept: Int
    public var joined: Int
    public var left: Int
    /// The last run's requests and points.
    public var requests: Int
    public var points: Int
    /// What the last run changed.
    public var changes: QueryChanges
}

/// What a complete run of a kept query changed since the run before: the accounts that joined
/// the answer and those that left it, each named with why when it is known, and the accounts
/// that stayed with fields changed.
public struct QueryChanges: Sendable, Hashable, Codable {
    /// An account and what changed of it.
    public struct Member: Sendable, Hashable, Codable {
        public var id: Int64
        public var login: String
        /// Why it left: `gone from GitHub`, `renamed from OLD`, a field the query names that no
        /// longer matches; `nil` when GitHub's answer alone says it.
        public var why: String?
        /// Its fields that changed since the run before, by `--json`'s names.
        public var changed: [FieldChange]
    }

    /// One field's value before and after (`nil`: none, or unknown).
    public struct FieldChange: Sendable, Hashable, Codable {
        public var field: String
        public var from: String?
        public var to: String?
    }

    /// Whether this was the query's first complete run: nothing to compare with.
    public var first: Bool
    public var joined: [Member]
    public var left: [Member]
    /// Accounts in both runs with fields changed.
    public var changed: [Member]

    /// No change.
    public static let none = QueryChanges(first: false, joined: [], left: [], changed: [])
}
