import Foundation

extension HTTPService.Users {
    /// `GET /users/{login}`: one user's public profile.
    public struct FetchProfile: Sendable {
        /// What one call returns.
        public enum Result: Sendable {
            /// The user and profile, with the response's ETag and rate limit.
            case profile(User, Profile, etag: String?, rateLimit: RateLimit?)
            /// `304 Not Modified`: the cached profile is current.
            case notModified(rateLimit: RateLimit?)
        }

        let client: GitHubClient

        /// Creates the operation.
        public init(client: GitHubClient) {
            self.client = client
        }

        /// Fetches the profile of `login`, which must be a valid login (see ``Login``).
        ///
        /// - Throws: ``GitHubAPIError/notFound`` for an unknown login.
        public func callAsFunction(login: String, etag: String?) async throws -> Result {
            try await fetch(path: "/users/\(Login.pathComponent(login))", etag: etag)
        }

        /// Fetches the profile of the account with id `id` (`GET /user/{account_id}`, GitHub
        /// Docs "Get a user using their ID"): the account under its current login, whatever it
        /// was renamed to.
        ///
        /// - Throws: ``GitHubAPIError/notFound`` when no account has that id any more.
        public func callAsFunction(id: Int64) async throws -> Result {
            try await fetch(path: "/user/\(id)", etag: nil)
        }

        private func fetch(path: String, etag: String?) async throws -> Result {
            try await client.get(path: path, etag: etag) { response in
                if response.notModified { return .notModified(rateLimit: response.rateLimit) }
                let (user, profile) = try Self.decode(response.body)
                return .profile(user, profile, etag: response.etag, rateLimit: response.rateLimit)
            }
        }

        /// The user and profile of a `GET /users/{login}` body (the fuzz target `profile` reads
        /// arbitrary bytes with it).
        ///
        /// - Throws: `DecodingError` for a body that is not a profile (retried as a bad
        ///   response), ``GitHubAPIError/rejectedData(_:)`` for one whose data breaks the API's
        ///   rules (not retried).
        static func decode(_ body: Data) throws -> (User, Profile) {
            let decoder = JSONDecoder()
            let user: User
            do {
                user = try decoder.decode(User.self, from: body).validated()
            } catch let error as User.ValidationError {
                throw GitHubAPIError.rejectedData("the profile is not valid: \(error.localizedDescription)")
            }
            return (user, try decoder.decode(Profile.self, from: body).capped())
        }
    }
}
