import Foundation

/// GitHub's user search over GraphQL: `search(query:, type: USER)` asking each account with the
/// profile fields ``ProfilesQuery`` asks, so that one request brings up to 100 accounts with
/// their profiles, and a count alone (`userCount`) as a cheap probe.
///
/// GitHub's schema (../shared/fixtures/github/graphql-schema.graphql): `Query.search` is
/// "Perform a search across resources, returning a maximum of 1,000 results";
/// `SearchResultItemConnection.userCount` is "The total number of users that matched the search
/// query. Regardless of the total number of matches, a maximum of 1,000 results will be
/// available across all types." Cost, by GitHub's formula ("Rate limits and query limits for the
/// GraphQL API"): the search is one request, and each connection of an account (repositories,
/// asked once on `RepositoryOwner`, gists, followers, following) one request an account, so 100
/// accounts cost 4 points and a count 1.
package enum UsersSearchQuery {
    /// The most accounts one request asks (`first`: GitHub's connections take 1 to 100).
    package static let pageSize = 100
    /// The most results GitHub gives one query, whatever `userCount` says.
    package static let cap = 1_000

    /// The query of a page of accounts with their profiles, the guarded fields only
    /// `withEmail` (``ProfilesQuery/text(withEmail:)``).
    package static func text(withEmail: Bool) -> String {
        withEmail ? textWithGuarded : textWithoutGuarded
    }

    private static let textWithGuarded = document(guarded: true)
    private static let textWithoutGuarded = document(guarded: false)

    private static func document(guarded: Bool) -> String {
        """
        query UsersSearch($q: String!, $first: Int!, $after: String) {
          rateLimit { cost limit remaining resetAt }
          search(query: $q, type: USER, first: $first, after: $after) {
            userCount
            pageInfo { endCursor hasNextPage }
            nodes {
              __typename
              ... on User { id databaseId login url avatarUrl \(ProfilesQuery.userSelections(guarded: guarded)) }
              ... on Organization { id databaseId login url avatarUrl \(ProfilesQuery.organizationSelections(guarded: guarded)) }
              \(ProfilesQuery.sharedSelections)
            }
          }
        }
        """
    }

    /// The query of a count alone.
    package static let countText = """
        query UsersSearchCount($q: String!) {
          rateLimit { cost limit remaining resetAt }
          search(query: $q, type: USER, first: 1) { userCount }
        }
        """

    /// The smallest page asked after GitHub timed out on larger ones (100, 50, 25): a cursor
    /// is a place in the results, whatever the size of the page before it.
    package static let smallestPage = 25

    /// The JSON body of a page request of `first` accounts (`count`: the count alone).
    static func body(query: String, after: String?, withEmail: Bool, count: Bool, first: Int = pageSize) throws -> Data {
        var variables: [String: Any] = ["q": query]
        if !count {
            variables["first"] = first
            if let after { variables["after"] = after }
        }
        let text = count ? countText : text(withEmail: withEmail)
        return try JSONSerialization.data(withJSONObject: ["query": text, "variables": variables], options: [.sortedKeys])
    }

    /// GitHub's answer.
    struct Answer: Decodable {
        var data: Payload?
        var errors: [ProfilesQuery.Problem]?
    }

    struct Payload: Decodable {
        var rateLimit: ProfilesQuery.Cost?
        var search: Search?
    }

    struct Search: Decodable {
        struct PageInfo: Decodable {
            var endCursor: String?
            var hasNextPage: Bool
        }
        var userCount: Int
        var pageInfo: PageInfo?
        var nodes: [ProfilesQuery.Node?]?
    }
}
