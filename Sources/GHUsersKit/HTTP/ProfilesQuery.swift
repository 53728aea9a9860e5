import Foundation

/// The one GraphQL query ghusers sends: the public profiles of up to 100 accounts by their
/// global node ids (`node_id` in every REST user object), with the query's cost.
///
/// The ids travel as the variable `$ids`, never inside the query's text. The query is held to
/// GitHub's published schema by `ProfilesQueryValidationTests` (GraphQLSwift and graphql-core
/// 3.2.8, which also checks that overlapping fields can merge: `User.email` is `String!` and
/// `Organization.email` is `String`, so the organization's is aliased).
///
/// What differs from REST, and how it is met (GitHub's GraphQL schema,
/// ../shared/fixtures/github/graphql-schema.graphql, and the captured `GET /users/ORG` bodies):
/// - `public_repos` is `repositories(privacy: PUBLIC, ownerAffiliations: [OWNER])`: REST counts
///   the public repositories the account owns; the connection's default affiliations are owner
///   *or* collaborator.
/// - `public_gists` is `gists(privacy: PUBLIC)`; `blog` is `websiteUrl`, `""` when unset as
///   REST sends it; `hireable` is `isHireable`, `null` when false as REST sends it; `User.email`
///   is `""` when not public, REST's `null`.
/// - `User.email` needs the `user:email` or `read:user` scope, and GitHub refuses the whole
///   query of a token without it (`INSUFFICIENT_SCOPES`, `"data": null`: captured in
///   mntnr/name-your-contributors #67; gh's default scopes `gist, read:org, repo, workflow`
///   lack both, raycast/extensions #13588). So it is asked only `@include(if: $withEmail)`;
///   an email not asked is unknown, never "none".
/// - An `Organization`'s `bio` is its `description`; REST gives an organization `company` null,
///   `public_gists` 0 and `following` 0; GraphQL has no `followers` for it, which stays
///   unknown (never 0) until `profile` completes it over REST.
/// - Cost, by GitHub's formula ("Rate limits and query limits for the GraphQL API",
///   https://docs.github.com/en/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api):
///   each connection under `nodes` is one request per id, reckoned before the query runs, so
///   both fragments' connections count. The figures a run reports are GitHub's own
///   (`rateLimit { cost }` and the `x-ratelimit-*` headers), never this reckoning.
public enum ProfilesQuery {
    /// The most ids `nodes(ids:)` takes in one query (GitHub Docs, "Rate limits and query limits
    /// for the GraphQL API": "`nodes` … up to 100"; octokit's schema: "The list of node IDs").
    public static let batchSize = 100

    /// The query text.
    public static let text = """
        query ProfilesByNodeID($ids: [ID!]!, $withEmail: Boolean!) {
          rateLimit { cost limit remaining resetAt }
          nodes(ids: $ids) {
            __typename
            ... on User {
              id databaseId login url
              name company websiteUrl location email @include(if: $withEmail) isHireable bio twitterUsername createdAt updatedAt
              repositories(privacy: PUBLIC, ownerAffiliations: [OWNER]) { totalCount }
              gists(privacy: PUBLIC) { totalCount }
              followers { totalCount }
              following { totalCount }
            }
            ... on Organization {
              id databaseId login url
              name websiteUrl location organizationEmail: email description twitterUsername createdAt updatedAt
              repositories(privacy: PUBLIC, ownerAffiliations: [OWNER]) { totalCount }
            }
          }
        }
        """

    /// The JSON body of a request for `ids`: `{"query": …, "variables": {"ids": […], "withEmail": …}}`.
    public static func body(ids: [String], withEmail: Bool) throws -> Data {
        struct Body: Encodable {
            struct Variables: Encodable {
                var ids: [String]
                var withEmail: Bool
            }
            var query: String
            var variables: Variables
        }
        return try JSONEncoder().encode(Body(query: text, variables: .init(ids: ids, withEmail: withEmail)))
    }

    /// Whether a token whose classic scopes are `header` (`X-OAuth-Scopes`, as GitHub sends it
    /// for a classic or OAuth token: "gist, read:org, repo") may read `User.email`: `user`,
    /// `read:user` or `user:email` (GitHub Docs, "Scopes for OAuth apps"). `nil` without the
    /// header: a fine-grained or GitHub App token, whose answer only a query tells.
    public static func readsEmail(scopes header: String?) -> Bool? {
        guard let header else { return nil }
        let scopes = Set(header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        return !scopes.isDisjoint(with: ["user", "read:user", "user:email"])
    }

    /// The profile field a GraphQL field of the query answers (an error's `path` names it).
    static func profileField(_ graphQLField: String) -> Profile.Field? {
        switch graphQLField {
        case "name": .name
        case "company": .company
        case "websiteUrl": .blog
        case "location": .location
        case "email", "organizationEmail": .email
        case "isHireable": .hireable
        case "bio", "description": .bio
        case "twitterUsername": .twitterUsername
        case "repositories": .publicRepos
        case "gists": .publicGists
        case "followers": .followers
        case "following": .following
        case "createdAt": .createdAt
        case "updatedAt": .updatedAt
        default: nil
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

    /// `rateLimit`.
    struct Cost: Decodable {
        var cost: Int
        var limit: Int
        var remaining: Int
        var resetAt: String
    }

    /// One account of `nodes`, a `User` or an `Organization` (`null` when the id resolves to
    /// nothing).
    struct Node: Decodable {
        struct Count: Decodable { var totalCount: Int }
        var __typename: String
        var id: String?
        var databaseId: Int64?
        var login: String?
        var url: String?
        var name: String?
        var company: String?
        var websiteUrl: String?
        var location: String?
        var email: String?
        var organizationEmail: String?
        var description: String?
        var isHireable: Bool?
        var bio: String?
        var twitterUsername: String?
        var createdAt: String?
        var updatedAt: String?
        var repositories: Count?
        var gists: Count?
        var followers: Count?
        var following: Count?
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
