import Foundation

extension HTTPService.Users {
    /// `GET /users`: one page of the users list.
    public struct Fetch: Sendable {
        /// What one call returns.
        public enum Result: Sendable {
            /// A page, with the response's ETag and rate limit.
            case page(UsersPage, etag: String?, rateLimit: RateLimit?)
            /// `304 Not Modified`: the cached copy of this page is current.
            case notModified(rateLimit: RateLimit?)
        }

        let client: GitHubClient

        /// Creates the operation.
        public init(client: GitHubClient) {
            self.client = client
        }

        /// Fetches `perPage` users after `since` (`nil`: no `since`, the list's start). The
        /// page's ``UsersPage/hasNext`` says whether the `Link` header names a next page.
        public func callAsFunction(since: Int64?, perPage: Int, etag: String?) async throws -> Result {
            var query: [URLQueryItem] = []
            if let since { query.append(URLQueryItem(name: "since", value: String(since))) }
            query.append(URLQueryItem(name: "per_page", value: String(perPage)))
            return try await client.get(path: "/users", query: query, etag: etag) { response in
                if response.notModified { return .notModified(rateLimit: response.rateLimit) }
                var page = try UsersPage(decoding: response.body)
                page.hasNext = UsersPage.hasNextLink(response.headers["link"])
                return .page(page, etag: response.etag, rateLimit: response.rateLimit)
            }
        }
    }
}
