import Foundation

/// The one GraphQL query ghusers sends: the package profiles of up to 100 accounts by their
/// global node ids (`node_id` in every REST user object), with the query's cost.
///
/// The ids travel as the variable `$ids`, never inside the query's text. The query is held to
/// GitHub's published schema by `ProfilesQueryTests` (graphql-core
/// 3.2.8, which also checks that overlapping fields can merge: `User.email` is `String!` and
/// `Organization.email` is `String`, so the organization's is aliased).
///
/// The profile fields it asks, and how each differs from REST, are their rows of
/// ``Profile/Field/spec``.
/// - Cost, by GitHub's formula ("Rate limits and query limits for the GraphQL API",
///   https://docs.github.com/en/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api):
///   each connection under `nodes` is one request per id, reckoned before the query runs, so
///   both fragments' connections count; `repositories`, which both types have, is asked once
///   on their interface `RepositoryOwner`: 4 connections, 4 points for 100 ids, not 5. The
///   figures a run reports are GitHub's own
///   (`rateLimit { cost }` and the `x-ratelimit-*` headers), never this reckoning.
package enum ProfilesQuery {
    /// The most ids `nodes(ids:)` takes in one query (GitHub Docs, "Rate limits and query limits
    /// for the GraphQL API": "`nodes` … up to 100"; octokit's schema: "The list of node IDs").
    package static let batchSize = 100

    /// The query text: each account type's fields as ``Profile/Field/spec`` asks them, the
    /// guarded ones (``Profile/Field/GraphQLSource/guarded(_:)``) only `withEmail`: a token
    /// that may not read them is sent a document that does not name them.
    package static func text(withEmail: Bool) -> String {
        withEmail ? textWithGuarded : textWithoutGuarded
    }

    private static let textWithGuarded = document(guarded: true)
    private static let textWithoutGuarded = document(guarded: false)

    private static func document(guarded: Bool) -> String {
        """
        query ProfilesByNodeID($ids: [ID!]!) {
          rateLimit { cost limit remaining resetAt }
          nodes(ids: $ids) {
            __typename
            ... on User {
              id databaseId login url
              \(selections(\.user, guarded: guarded).joined(separator: "\n      "))
            }
            ... on Organization {
              id databaseId login url
              \(selections(\.organization, guarded: guarded).joined(separator: "\n      "))
            }
            \(sharedSelections)
          }
        }
        """
    }

    /// The selections of the fields a type's GraphQL object gives (those asked on an
    /// interface are ``sharedSelections``'), the guarded ones only when `guarded`.
    static func selections(_ source: (Profile.Field.Spec) -> Profile.Field.GraphQLSource, guarded: Bool) -> [String] {
        Profile.Field.allCases.compactMap { field in
            guard field.spec.interface == nil else { return nil }
            return switch source(field.spec) {
            case .sameName: field.rawValue
            case .asked(let selection, _): selection
            case .guarded(let selection): guarded ? selection : nil
            case .fixed, .unknown: nil
            }
        }
    }

    /// The fields asked once for both types, each on its interface (`... on RepositoryOwner { … }`).
    static var sharedSelections: String {
        let shared = Profile.Field.allCases.filter { $0.spec.interface != nil }
        let byInterface = Dictionary(grouping: shared) { (field: Profile.Field) -> String in field.spec.interface ?? "" }
        var fragments: [String] = []
        for (interface, fields) in byInterface.sorted(by: { $0.key < $1.key }) {
            let selections: [String] = fields.compactMap(responseSelection)
            fragments.append("... on \(interface) { \(selections.joined(separator: " ")) }")
        }
        return fragments.joined(separator: " ")
    }

    /// A field asked on an interface: never a guarded one (a token that may not read it would
    /// be refused the whole document).
    private static func responseSelection(_ field: Profile.Field) -> String? {
        switch field.spec.user {
        case .sameName: field.rawValue
        case .asked(let selection, _): selection
        case .fixed, .unknown, .guarded: nil
        }
    }

    /// The key of `field`'s answer in a node of type `source`'s (its alias or its name), or
    /// `nil` where it is not asked.
    static func responseKey(_ field: Profile.Field, _ source: Profile.Field.GraphQLSource) -> String? {
        switch source {
        case .sameName: field.rawValue
        case .asked(let selection, _), .guarded(let selection): String(selection.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        case .fixed, .unknown: nil
        }
    }

    /// The JSON body of a request for `ids`: `{"query": …, "variables": {"ids": […]}}`, the
    /// query with the guarded fields only `withEmail`.
    package static func body(ids: [String], withEmail: Bool) throws -> Data {
        struct Body: Encodable {
            struct Variables: Encodable {
                var ids: [String]
            }
            var query: String
            var variables: Variables
        }
        return try JSONEncoder().encode(Body(query: text(withEmail: withEmail), variables: .init(ids: ids)))
    }

    /// Whether a token whose classic scopes are `header` (`X-OAuth-Scopes`, as GitHub sends it
    /// for a classic or OAuth token: "gist, read:org, repo") may read `User.email`: `user`,
    /// `read:user` or `user:email` (GitHub Docs, "Scopes for OAuth apps"). `nil` without the
    /// header: a fine-grained or GitHub App token, whose answer only a query tells.
    package static func readsEmail(scopes header: String?) -> Bool? {
        guard let header else { return nil }
        let scopes = Set(header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        return !scopes.isDisjoint(with: ["user", "read:user", "user:email"])
    }

    /// The keys, in a node's answer, of the guarded fields (`email`).
    static let guardedKeys: Set<String> = Set(
        Profile.Field.allCases.flatMap { field in
            [field.spec.user, field.spec.organization].compactMap { source in
                if case .guarded = source { responseKey(field, source) } else { nil }
            }
        })

    /// The profile field a GraphQL field of the query answers (an error's `path` names it).
    static func profileField(_ key: String) -> Profile.Field? {
        Profile.Field.allCases.first { field in
            responseKey(field, field.spec.user) == key || responseKey(field, field.spec.organization) == key
        }
    }

    /// GitHub's answer.
    struct Answer: Decodable {
        var data: Payload?
        var errors: [Problem]?
    }

    /// `data`.
    struct Payload: Decodable {
        var rateLimit: Cost?
        var nodes: [Node?]?
    }

    /// The fields of a profile, as each account type's fragment asks them (the user search
    /// asks the same).
    static func userSelections(guarded: Bool) -> String { selections(\.user, guarded: guarded).joined(separator: " ") }
    static func organizationSelections(guarded: Bool) -> String { selections(\.organization, guarded: guarded).joined(separator: " ") }

    /// `rateLimit`.
    struct Cost: Decodable {
        var cost: Int
        var limit: Int
        var remaining: Int
        var resetAt: String
    }

    /// One account of `nodes`, a `User` or an `Organization` (`null` when the id resolves to
    /// nothing): its identity, and every other answer by its key.
    struct Node: Decodable {
        var __typename: String
        var id: String?
        var databaseId: Int64?
        var login: String?
        var url: String?
        /// `avatarUrl`, asked by the user search (whose accounts may not be cached yet).
        var avatarUrl: String?
        /// The profile fields' answers by key; a field not asked (a guarded one left out) has none.
        var answers: [String: FieldAnswer] = [:]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            __typename = try container.decode(String.self, forKey: Key(stringValue: "__typename"))
            id = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "id"))
            databaseId = try container.decodeIfPresent(Int64.self, forKey: Key(stringValue: "databaseId"))
            login = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "login"))
            url = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "url"))
            avatarUrl = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "avatarUrl"))
            for key in container.allKeys where !["__typename", "id", "databaseId", "login", "url", "avatarUrl"].contains(key.stringValue) {
                answers[key.stringValue] = try container.decode(FieldAnswer.self, forKey: key)
            }
        }
    }

    /// A profile field's answer: a scalar, a connection's `{ totalCount }`, or `null`.
    enum FieldAnswer: Decodable, Equatable {
        case null, string(String), bool(Bool), number(Int), count(Int)

        private struct Count: Decodable { var totalCount: Int }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .count(try container.decode(Count.self).totalCount)
            }
        }
    }

    /// One entry of `errors`.
    struct Problem: Decodable {
        var type: String?
        var message: String?
        var path: [PathElement]?
    }

    /// A step of an error's `path`: a field name or a list index.
    enum PathElement: Decodable {
        case field(String)
        case index(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let index = try? container.decode(Int.self) {
                self = .index(index)
            } else {
                self = .field(try container.decode(String.self))
            }
        }
    }
}
