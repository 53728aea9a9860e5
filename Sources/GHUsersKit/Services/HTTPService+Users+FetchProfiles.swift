import Foundation

extension HTTPService.Users {
    /// `POST /graphql` with ``ProfilesQuery``: the package profiles of up to 100 accounts by node
    /// id, in one request through the same queue and retry controller as REST.
    package struct FetchProfiles: Sendable {
        /// One account's profile as GraphQL gave it.
        package struct Fetched: Sendable, Hashable {
            /// The node id asked for.
            package var nodeID: String
            /// The node id GitHub answered: the next format (`U_kgDO…`) asked for with
            /// `X-Github-Next-Global-ID: 1`, stored in place of a legacy one.
            package var currentNodeID: String?
            /// GitHub's numeric account id (`databaseId`).
            package var id: Int64
            /// The account's login today (another than the cached one after a rename).
            package var login: String
            /// The account's page (`url`).
            package var htmlURL: String?
            /// `User` or `Organization`.
            package var type: String
            package var profile: Profile
            /// The fields this answer leaves unknown: an organization's `followers` (GraphQL has
            /// none), `email` when not asked, a field GitHub nulled with an error.
            package var unknown: Set<Profile.Field>
        }

        /// What one request gave.
        package struct Batch: Sendable {
            /// The accounts found.
            package var fetched: [Fetched]
            /// The node ids GitHub resolved to nothing (`null` in `nodes` with `NOT_FOUND` or no
            /// error), or to a type that has no profile here: to ask over REST by account id.
            package var unresolved: [String]
            /// The node ids GitHub would not answer, with why (`FORBIDDEN` behind SAML or an IP
            /// allow list, another error on the node, no `databaseId`, a login ghusers refuses):
            /// left pending for a later run, neither gone nor saved.
            package var kept: [String: String]
            /// The rate limit, cost, scopes and evidence of the answer.
            package var receipt: GraphQLReceipt
        }

        let client: GitHubClient
        let url: URL

        /// Creates the operation for the GraphQL endpoint `url` (``GitHubSite/graphQLURL``).
        package init(client: GitHubClient, url: URL) {
            self.client = client
            self.url = url
        }

        /// Fetches the profiles of `nodeIDs` (at most ``ProfilesQuery/batchSize``), with their
        /// emails when `withEmail`.
        ///
        /// A 502 or 504 is not retried here: GitHub ends a query after 10 seconds with one
        /// ("Something went wrong while executing your query. This may be the result of a
        /// timeout": GitHub Docs, "Rate limits and query limits for the GraphQL API",
        /// "Timeouts"; shurcooL/githubv4 #38), and the same 100 ids would time out again; the
        /// caller asks fewer.
        ///
        /// - Throws: ``GitHubAPIError/rateLimited(reset:)`` when GitHub says the hourly budget is
        ///   used up, ``GitHubAPIError/secondaryRateLimit(retryAfter:)`` when its message says a
        ///   secondary limit (after the retry controller waited it out),
        ///   ``GitHubAPIError/insufficientScopes(_:)`` when the token may not read a field asked,
        ///   ``GitHubAPIError/rejectedData(_:)`` when GitHub refuses the query itself,
        ///   ``GitHubAPIError/server(status:retryAfter:)`` for a 502 or 504.
        package func callAsFunction(nodeIDs: [String], withEmail: Bool) async throws -> Batch {
            let body = try ProfilesQuery.body(ids: nodeIDs, withEmail: withEmail)
            return try await client.request(url, post: body, retryingGatewayTimeouts: false) { response in
                try Self.decode(response.body, headers: response.headers, asked: nodeIDs)
            }
        }

        /// The batch a GraphQL answer holds (for the ids `asked`, in order); package for
        /// `ghusers-bench prefetch`, which times it apart from the network. A field a node has
        /// no answer for was not asked (a guarded field left out of the document), and is unknown.
        package static func decode(
            _ body: Data, headers: HTTPHeaderFields, asked: [String], now: Date = Date()
        ) throws -> Batch {
            let answer = try JSONDecoder().decode(ProfilesQuery.Answer.self, from: body)
            let problems = answer.errors ?? []
            let cost = answer.data?.rateLimit
            let rateLimit = try Self.checked(problems, cost: cost, headers: headers, now: now)
            guard let nodes = answer.data?.nodes else {
                let message = problems.compactMap(\.message).first ?? "no data"
                throw GitHubAPIError.rejectedData("GitHub refused the profiles query: \(TerminalSanitizer.sanitize(String(message.prefix(300))))")
            }
            guard nodes.count == asked.count else {
                throw GitHubAPIError.invalidResponse("\(nodes.count) accounts for \(asked.count) ids")
            }
            // An error whose `path` is `["nodes", i, …]` belongs to node i: the node itself
            // (`FORBIDDEN`, `NOT_FOUND`), or one field of it, nulled ("partial results along with
            // an error": GitHub Docs, "Rate limits and query limits for the GraphQL API").
            var byNode: [Int: [ProfilesQuery.Problem]] = [:]
            for problem in problems {
                guard let path = problem.path, path.count >= 2, case .field("nodes") = path[0], case .index(let index) = path[1] else { continue }
                byNode[index, default: []].append(problem)
            }
            var batch = Batch(
                fetched: [], unresolved: [], kept: [:],
                receipt: GraphQLReceipt(
                    rateLimit: rateLimit, cost: cost?.cost, scopes: headers["x-oauth-scopes"],
                    evidence: .of(problems, nodes: nodes, scopesHeader: headers["x-oauth-scopes"])))
            for (index, (nodeID, node)) in zip(asked, nodes).enumerated() {
                let errors = byNode[index] ?? []
                guard let node else {
                    if let refusal = errors.first(where: { $0.type != "NOT_FOUND" }) {
                        batch.kept[nodeID] = Self.reason(refusal)
                    } else {
                        batch.unresolved.append(nodeID)
                    }
                    continue
                }
                switch Self.fetched(node, nodeID: nodeID, errors: errors) {
                case .found(let fetched): batch.fetched.append(fetched)
                case .otherType: batch.unresolved.append(nodeID)
                case .refused(let reason): batch.kept[nodeID] = reason
                }
            }
            return batch
        }

        /// The rate limit a GraphQL answer gives (its headers, else its `rateLimit { … }`), once
        /// its errors are checked for what they say of the whole query (``checkWholeQuery``).
        static func checked(_ problems: [ProfilesQuery.Problem], cost: ProfilesQuery.Cost?, headers: HTTPHeaderFields, now: Date) throws -> RateLimit? {
            var rateLimit = RateLimit(headers: headers)
            if rateLimit == nil, let cost, let reset = Timestamp.date(iso8601: cost.resetAt) {
                rateLimit = RateLimit(limit: cost.limit, remaining: cost.remaining, reset: reset, resource: RateLimit.graphQL)
            }
            try checkWholeQuery(problems, headers: headers, rateLimit: rateLimit, now: now)
            return rateLimit
        }

        /// Throws what an answer's errors say of the whole query: a used-up budget, a secondary
        /// limit, a scope the token lacks.
        static func checkWholeQuery(
            _ problems: [ProfilesQuery.Problem], headers: HTTPHeaderFields, rateLimit: RateLimit?, now: Date
        ) throws {
            // An exhausted budget is an HTTP 200 whose errors say so: `"type": "RATE_LIMITED"`
            // (octokit/plugin-throttling.js, which throttles on it; cli/cli #8321, "GraphQL: API
            // rate limit exceeded for user ID"); GitHub has also been seen to say `RATE_LIMIT`
            // with `"code": "graphql_rate_limit"` (yanyongyu/githubkit #271).
            if problems.contains(where: { $0.type == "RATE_LIMITED" || $0.type == "RATE_LIMIT" }) {
                throw GitHubAPIError.rateLimited(reset: rateLimit?.reset ?? now.addingTimeInterval(60))
            }
            // A secondary limit can come as a 200 with its message and no type (GitHub Docs,
            // "Rate limits and query limits for the GraphQL API", "Exceeding the rate limit";
            // Azure/azure-rest-api-specs #36378 met one with 5,000 points remaining): it says
            // nothing of the hourly points, and is waited out as REST's is.
            if problems.contains(where: { $0.path == nil && Self.saysSecondaryLimit($0.message) }) {
                let retryAfter = headers["retry-after"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { Duration.seconds(max(0, $0)) }
                throw GitHubAPIError.secondaryRateLimit(retryAfter: retryAfter)
            }
            if let refusal = problems.first(where: { $0.type == "INSUFFICIENT_SCOPES" }) {
                throw GitHubAPIError.insufficientScopes(TerminalSanitizer.sanitize(String((refusal.message ?? "").prefix(300))))
            }
        }

        /// Whether `message` is GitHub's wording of a secondary limit (today's, and the "abuse
        /// detection" of before 2021), as ``GitHubClient`` reads a 403's.
        static func saysSecondaryLimit(_ message: String?) -> Bool {
            guard let message else { return false }
            return message.localizedCaseInsensitiveContains("secondary rate limit") || message.localizedCaseInsensitiveContains("abuse detection")
        }

        private static func reason(_ problem: ProfilesQuery.Problem) -> String {
            let text = TerminalSanitizer.sanitize(String((problem.message ?? "no message").prefix(200)), keepNewlines: false)
            return problem.type.map { "\($0): \(text)" } ?? text
        }

        enum Outcome {
            case found(Fetched)
            case otherType
            case refused(String)
        }

        /// A `User` or `Organization` node as a profile, with the fields its `errors` nulled
        /// unknown.
        static func fetched(_ node: ProfilesQuery.Node, nodeID: String, errors: [ProfilesQuery.Problem]) -> Outcome {
            guard node.__typename == "User" || node.__typename == "Organization" else { return .otherType }
            guard let id = node.databaseId, id > 0 else { return .refused(errors.first.map(reason) ?? "GitHub gave no databaseId") }
            guard let login = node.login, Login.isValid(login) else {
                return .refused(errors.first.map(reason) ?? "GitHub gave a login ghusers refuses")
            }
            let isUser = node.__typename == "User"
            var unknown = Set<Profile.Field>()
            var profile = Profile()
            for field in Profile.Field.allCases {
                let source = isUser ? field.spec.user : field.spec.organization
                switch source {
                case .fixed(let value): profile[field] = value
                case .unknown: unknown.insert(field)
                case .sameName, .asked, .guarded:
                    // No answer at all: not asked (an email without the scope), so unknown.
                    guard let key = ProfilesQuery.responseKey(field, source), let answer = node.answers[key] else {
                        unknown.insert(field)
                        continue
                    }
                    profile[field] = Self.restValue(answer, of: field, source: source)
                }
            }
            for error in errors {
                guard let path = error.path, path.count >= 3, case .field(let key) = path[2] else { continue }
                if let field = ProfilesQuery.profileField(key) { unknown.insert(field) }
            }
            profile = profile.capped()
            let htmlURL = node.url.flatMap { User.isWebURL($0) ? $0 : nil }
            let current = node.id.flatMap { $0.isEmpty || $0.count > 100 ? nil : $0 }
            return .found(
                Fetched(
                    nodeID: nodeID, currentNodeID: current, id: id, login: login, htmlURL: htmlURL, type: node.__typename,
                    profile: profile.knowing(unknown), unknown: unknown))
        }

        /// A GraphQL answer as REST sends the field: `null` for GraphQL's `""` (a `User.email`
        /// not made public) and for a `false` flag (`hireable`), and the source's value for null.
        private static func restValue(
            _ answer: ProfilesQuery.FieldAnswer, of field: Profile.Field, source: Profile.Field.GraphQLSource
        ) -> Profile.Field.Value {
            var null = Profile()[field]
            if case .asked(_, let value?) = source { null = value }
            switch (field.spec.storage, answer) {
            case (.text, .string(let text)), (.date, .string(let text)): return text.isEmpty ? null : .text(text)
            case (.count, .count(let count)), (.count, .number(let count)): return .count(count)
            case (.flag, .bool(true)): return .flag(true)
            case (.text, _), (.date, _), (.count, _), (.flag, _): return null
            }
        }
    }
}
