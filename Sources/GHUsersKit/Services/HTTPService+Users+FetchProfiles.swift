import Foundation

extension HTTPService.Users {
    /// `POST /graphql` with ``ProfilesQuery``: the public profiles of up to 100 accounts by node
    /// id, in one request through the same queue and retry controller as REST.
    public struct FetchProfiles: Sendable {
        /// One account's profile as GraphQL gave it.
        public struct Fetched: Sendable, Hashable {
            /// The node id asked for.
            public var nodeID: String
            /// GitHub's numeric account id (`databaseId`).
            public var id: Int64
            /// The account's login today (another than the cached one after a rename).
            public var login: String
            /// The account's page (`url`).
            public var htmlURL: String?
            /// `User` or `Organization`.
            public var type: String
            public var profile: Profile
            /// Whether fields GraphQL does not have for this type are unknown (an organization:
            /// `followers`, `following`, `public_gists`, `company`, `bio`).
            public var partial: Bool
        }

        /// What one request gave.
        public struct Batch: Sendable {
            /// The accounts found.
            public var fetched: [Fetched]
            /// The node ids GitHub resolved to nothing (`null` in `nodes`, a `NOT_FOUND` error),
            /// or to a type that has no profile here: to ask over REST by account id.
            public var unresolved: [String]
            /// The GraphQL rate limit after this request (`x-ratelimit-resource: graphql`).
            public var rateLimit: RateLimit?
            /// The points this request cost (`rateLimit { cost }`).
            public var cost: Int?
        }

        let client: GitHubClient
        let url: URL

        /// Creates the operation for the GraphQL endpoint `url` (``GitHubSite/graphQLURL``).
        public init(client: GitHubClient, url: URL) {
            self.client = client
            self.url = url
        }

        /// Fetches the profiles of `nodeIDs` (at most ``ProfilesQuery/batchSize``).
        ///
        /// - Throws: ``GitHubAPIError/rateLimited(reset:)`` when the GraphQL budget is used up
        ///   (an HTTP 200 whose `errors` say `RATE_LIMITED`), ``GitHubAPIError/rejectedData(_:)``
        ///   when GitHub refuses the query itself.
        public func callAsFunction(nodeIDs: [String]) async throws -> Batch {
            let body = try ProfilesQuery.body(ids: nodeIDs)
            return try await client.request(url, post: body) { response in
                try Self.decode(response.body, headers: response.headers, asked: nodeIDs)
            }
        }

        /// The batch a GraphQL answer holds (for the ids `asked`, in order); public for
        /// `ghusers-bench prefetch`, which times it apart from the network.
        public static func decode(_ body: Data, headers: HTTPHeaderFields, asked: [String], now: Date = Date()) throws -> Batch {
            let answer = try JSONDecoder().decode(ProfilesQuery.Answer.self, from: body)
            let problems = answer.errors ?? []
            let cost = answer.data?.rateLimit
            var rateLimit = RateLimit(headers: headers)
            if rateLimit == nil, let cost, let reset = Timestamp.date(iso8601: cost.resetAt) {
                rateLimit = RateLimit(limit: cost.limit, remaining: cost.remaining, reset: reset, resource: RateLimit.graphQL)
            }
            // An exhausted budget is an HTTP 200 whose errors say so: `"type": "RATE_LIMITED"`
            // (octokit/plugin-throttling.js, which throttles on it; cli/cli #8321, "GraphQL: API
            // rate limit exceeded for user ID"); GitHub has also been seen to say `RATE_LIMIT`
            // with `"code": "graphql_rate_limit"` (yanyongyu/githubkit #271).
            if problems.contains(where: { $0.type == "RATE_LIMITED" || $0.type == "RATE_LIMIT" }) {
                throw GitHubAPIError.rateLimited(reset: rateLimit?.reset ?? now.addingTimeInterval(60))
            }
            guard let nodes = answer.data?.nodes else {
                let message = problems.compactMap(\.message).first ?? "no data"
                throw GitHubAPIError.rejectedData("GitHub refused the profiles query: \(TerminalSanitizer.sanitize(String(message.prefix(300))))")
            }
            guard nodes.count == asked.count else {
                throw GitHubAPIError.invalidResponse("\(nodes.count) accounts for \(asked.count) ids")
            }
            var batch = Batch(fetched: [], unresolved: [], rateLimit: rateLimit, cost: cost?.cost)
            for (nodeID, node) in zip(asked, nodes) {
                guard let node, let fetched = try Self.fetched(node, nodeID: nodeID) else {
                    batch.unresolved.append(nodeID)
                    continue
                }
                batch.fetched.append(fetched)
            }
            return batch
        }

        /// A `User` or `Organization` node as a profile; `nil` for another type.
        private static func fetched(_ node: ProfilesQuery.Node, nodeID: String) throws -> Fetched? {
            guard node.__typename == "User" || node.__typename == "Organization" else { return nil }
            guard let id = node.databaseId, id > 0, let login = node.login, Login.isValid(login) else {
                throw GitHubAPIError.rejectedData("an account of the profiles answer has no valid id or login")
            }
            let isUser = node.__typename == "User"
            let profile = Profile(
                name: text(node.name), company: isUser ? text(node.company) : nil, blog: node.websiteUrl ?? "",
                location: text(node.location), email: text(isUser ? node.email : node.organizationEmail),
                hireable: node.isHireable == true ? true : nil, bio: isUser ? text(node.bio) : nil,
                twitterUsername: text(node.twitterUsername), publicRepos: node.repositories?.totalCount,
                publicGists: node.gists?.totalCount, followers: node.followers?.totalCount, following: node.following?.totalCount,
                createdAt: node.createdAt, updatedAt: node.updatedAt
            ).capped()
            let htmlURL = node.url.flatMap { User.isWebURL($0) ? $0 : nil }
            return Fetched(nodeID: nodeID, id: id, login: login, htmlURL: htmlURL, type: node.__typename, profile: profile, partial: !isUser)
        }

        /// REST sends `null` where GraphQL sends `""` (a `User.email` not made public).
        private static func text(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            return value
        }
    }
}
