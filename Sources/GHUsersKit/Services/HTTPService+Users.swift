import Foundation

extension HTTPService.Users {
    /// `GET /users`: one page of the users list.
    package struct Fetch: Sendable {
        /// What one call returns.
        package enum Result: Sendable {
            /// A page, with the response's ETag and rate limit.
            case page(UsersPage, etag: String?, rateLimit: RateLimit?)
            /// `304 Not Modified`: the cached copy of this page is current.
            case notModified(rateLimit: RateLimit?)
        }

        let client: GitHubClient

        /// Creates the operation.
        package init(client: GitHubClient) {
            self.client = client
        }

        /// Fetches the page that `prepare` names (`since`, `nil` for the list's start, and
        /// `per_page`), reading it and keeping the answer with `keep` in the request's one turn
        /// of the queue (``GitHubClient/getInTurn(prepare:decode:keep:)``): `next-page` reads the
        /// cursor and saves the page there, so two processes never fetch the same page.
        package func inTurn<T: Sendable>(
            prepare: @escaping @Sendable () async throws -> (since: Int64?, perPage: Int),
            keep: @escaping @Sendable (_ result: Result, _ since: Int64?) async throws -> T
        ) async throws -> T {
            try await client.getInTurn(
                prepare: {
                    let (since, perPage) = try await prepare()
                    return (GitHubClient.TurnRequest(path: "/users", query: Self.query(since: since, perPage: perPage)), since)
                },
                decode: { response in try Self.result(of: response) },
                keep: { result, since in try await keep(result, since) })
        }

        static func query(since: Int64?, perPage: Int) -> [URLQueryItem] {
            var query: [URLQueryItem] = []
            if let since { query.append(URLQueryItem(name: "since", value: String(since))) }
            query.append(URLQueryItem(name: "per_page", value: String(perPage)))
            return query
        }

        static func result(of response: GitHubClient.Response) throws -> Result {
            if response.notModified { return .notModified(rateLimit: response.rateLimit) }
            var page = try UsersPage(decoding: response.body)
            page.hasNext = UsersPage.hasNextLink(response.headers["link"])
            return .page(page, etag: response.etag, rateLimit: response.rateLimit)
        }

        /// Fetches `perPage` users after `since` (`nil`: no `since`, the list's start). The
        /// page's ``UsersPage/hasNext`` says whether the `Link` header names a next page.
        package func callAsFunction(since: Int64?, perPage: Int, etag: String?) async throws -> Result {
            try await client.get(path: "/users", query: Self.query(since: since, perPage: perPage), etag: etag) { response in
                try Self.result(of: response)
            }
        }
    }
}

extension HTTPService.Users {
    /// `GET /users/{login}`: one user's package profile.
    package struct FetchProfile: Sendable {
        /// What one call returns.
        package enum Result: Sendable {
            /// The user and profile, with the response's ETag and rate limit.
            case profile(User, Profile, etag: String?, rateLimit: RateLimit?)
            /// `304 Not Modified`: the cached profile is current.
            case notModified(rateLimit: RateLimit?)
        }

        let client: GitHubClient

        /// Creates the operation.
        package init(client: GitHubClient) {
            self.client = client
        }

        /// Fetches the profile of `login`.
        ///
        /// - Throws: ``GitHubAPIError/notFound`` for an unknown login;
        ///   ``User/ValidationError/invalidLogin(_:)``, sending nothing, for one that is not valid
        ///   (see ``Login``).
        package func callAsFunction(login: String, etag: String?) async throws -> Result {
            try await fetch(path: "/users/\(try Login.pathComponent(login))", etag: etag)
        }

        /// Fetches the profile of the account with id `id` (`GET /user/{account_id}`, GitHub
        /// Docs "Get a user using their ID"): the account under its current login, whatever it
        /// was renamed to.
        ///
        /// - Throws: ``GitHubAPIError/notFound`` when no account has that id any more.
        package func callAsFunction(id: Int64) async throws -> Result {
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
