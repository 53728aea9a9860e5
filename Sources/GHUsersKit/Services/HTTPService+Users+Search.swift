import Foundation

extension HTTPService.Users {
    /// `POST /graphql` with ``UsersSearchQuery``: a page of GitHub's user search, each account
    /// with its profile, or the count alone; through the same queue and retry controller as
    /// every request.
    package struct Search: Sendable {
        /// One page of a search.
        package struct Page: Sendable {
            /// How many accounts GitHub counts for the query (more than it gives past 1,000).
            package var userCount: Int
            /// The accounts of this page, each as its user row and its profile.
            package var accounts: [(user: User, fetched: FetchProfiles.Fetched)]
            /// The cursor after this page, when GitHub has another.
            package var next: String?
            /// Accounts of the page GitHub answered but ghusers cannot keep (a node nulled with
            /// an error, a login ghusers refuses), with why.
            package var refused: [String]
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

        /// The page of `first` accounts of `query` after `cursor` (the first without one),
        /// emails asked when `withEmail`; `count`: `userCount` alone, no accounts.
        ///
        /// A 502 or 504 (GitHub's 10-second timeout) is not retried here: the caller asks a
        /// smaller page.
        package func callAsFunction(
            _ query: String, after cursor: String? = nil, withEmail: Bool, count: Bool = false, first: Int = UsersSearchQuery.pageSize
        ) async throws -> Page {
            let body = try UsersSearchQuery.body(query: query, after: cursor, withEmail: withEmail, count: count, first: first)
            return try await client.request(url, post: body, retryingGatewayTimeouts: false) { response in
                try Self.decode(response.body, headers: response.headers)
            }
        }

        /// The page a GraphQL answer holds.
        static func decode(_ body: Data, headers: HTTPHeaderFields, now: Date = Date()) throws -> Page {
            let answer = try JSONDecoder().decode(UsersSearchQuery.Answer.self, from: body)
            let problems = answer.errors ?? []
            let cost = answer.data?.rateLimit
            let rateLimit = try FetchProfiles.checked(problems, cost: cost, headers: headers, now: now)
            guard let search = answer.data?.search else {
                let message = problems.compactMap(\.message).first ?? "no data"
                throw GitHubAPIError.rejectedData("GitHub refused the search: \(TerminalSanitizer.sanitize(String(message.prefix(300))))")
            }
            // An error whose `path` is `["search", "nodes", i, …]` belongs to node i: read as
            // the profiles query reads `["nodes", i, …]`.
            var byNode: [Int: [ProfilesQuery.Problem]] = [:]
            for var problem in problems {
                guard let path = problem.path, path.count >= 3, case .field("search") = path[0], case .index(let index) = path[2] else { continue }
                problem.path = Array(path.dropFirst())
                byNode[index, default: []].append(problem)
            }
            // A next page without a cursor to it would end the search as if it were done.
            if search.pageInfo?.hasNextPage == true, search.pageInfo?.endCursor == nil {
                throw GitHubAPIError.invalidResponse("GitHub says the search has a next page but gives no cursor to it")
            }
            var page = Page(
                userCount: search.userCount, accounts: [], next: search.pageInfo?.hasNextPage == true ? search.pageInfo?.endCursor : nil,
                refused: [],
                receipt: GraphQLReceipt(
                    rateLimit: rateLimit, cost: cost?.cost, scopes: headers["x-oauth-scopes"],
                    evidence: .of(Array(byNode.values.joined()), nodes: search.nodes ?? [], scopesHeader: headers["x-oauth-scopes"])))
            for (index, node) in (search.nodes ?? []).enumerated() {
                guard let node, let nodeID = node.id else {
                    page.refused.append(byNode[index]?.first?.message ?? "GitHub gave an account without an id")
                    continue
                }
                switch FetchProfiles.fetched(node, nodeID: nodeID, errors: byNode[index] ?? []) {
                case .found(let fetched):
                    do {
                        let user = try User(
                            id: fetched.id, login: fetched.login, nodeID: nodeID, avatarURL: node.avatarUrl ?? "", htmlURL: fetched.htmlURL,
                            type: fetched.type
                        ).validated()
                        page.accounts.append((user, fetched))
                    } catch {
                        page.refused.append("\(fetched.login): \(ErrorText.sentence(error))")
                    }
                case .otherType: continue
                case .refused(let reason): page.refused.append(reason)
                }
            }
            return page
        }
    }
}
