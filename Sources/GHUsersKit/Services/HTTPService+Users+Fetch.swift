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

        /// Fetches the users after `since`; `perPage` `nil` sends no `per_page` (the server's
        /// default page size), `since` `nil` no `since`.
        public func callAsFunction(since: Int64?, perPage: Int?, etag: String?) async throws -> Result {
            var query: [URLQueryItem] = []
            if let since { query.append(URLQueryItem(name: "since", value: String(since))) }
            if let perPage { query.append(URLQueryItem(name: "per_page", value: String(perPage))) }
            return try await client.get(path: "/users", query: query, etag: etag) { response in
                if response.notModified { return .notModified(rateLimit: response.rateLimit) }
                return .page(try UsersPage(decoding: response.body), etag: response.etag, rateLimit: response.rateLimit)
            }
        }
    }
}
