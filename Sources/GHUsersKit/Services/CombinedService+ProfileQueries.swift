import Foundation

extension CombinedService {
    /// GraphQL profile queries that ask `User.email` only of a token that may read it.
    ///
    /// GitHub checks a query's fields against a classic token's scopes before running it and
    /// refuses all of it when one is missing (`INSUFFICIENT_SCOPES`; `email` needs `user:email`
    /// or `read:user`, which `gh auth login`'s default scopes lack: mntnr/name-your-contributors
    /// #67, raycast/extensions #13588). What a token may do is learnt from its `X-OAuth-Scopes`
    /// header, or from that refusal (then the query is asked once more without `email`), and
    /// remembered per token (``StoreService/Sync/TokenEmail``): a token asks at most once in
    /// vain. A token nothing is known of is asked with `email` (a fine-grained or App token
    /// sends no scopes header).
    struct ProfileQueries {
        let fetch: HTTPService.Users.FetchProfiles
        var email: EmailScope
        /// Whether the token may read emails, as far as is known.
        var readsEmail: Bool? { email.readsEmail }
        /// Queries sent (a refused one included).
        var requests: Int { email.requests }

        init(fetch: HTTPService.Users.FetchProfiles, memory: StoreService.Sync.TokenEmail, fingerprint: String) throws {
            self.fetch = fetch
            email = try EmailScope(memory: memory, fingerprint: fingerprint)
        }

        /// The profiles of `nodeIDs`, with emails where the token may read them.
        mutating func callAsFunction(_ nodeIDs: [String]) async throws -> HTTPService.Users.FetchProfiles.Batch {
            let fetch = self.fetch
            return try await email.run { withEmail in
                let batch = try await fetch(nodeIDs: nodeIDs, withEmail: withEmail)
                return (batch, batch.readsEmail)
            }
        }
    }

    /// What a token may read of `User.email`, learnt and remembered per token: a GraphQL query
    /// (profiles by id, the user search) is asked with the email only of a token that may read
    /// it, and asked once more without it when GitHub refuses it for that.
    struct EmailScope {
        let memory: StoreService.Sync.TokenEmail
        let fingerprint: String
        /// Whether the token may read emails, as far as is known.
        private(set) var readsEmail: Bool?
        /// Queries sent (a refused one included).
        private(set) var requests = 0

        init(memory: StoreService.Sync.TokenEmail, fingerprint: String) throws {
            self.memory = memory
            self.fingerprint = fingerprint
            readsEmail = try memory.readsEmail(fingerprint: fingerprint)
        }

        /// Sends `query` (given whether to ask emails), which returns its answer and what the
        /// answer's scopes header says of emails (`nil`: no header), learning from either.
        mutating func run<Answer>(_ query: (Bool) async throws -> (Answer, readsEmail: Bool?)) async throws -> Answer {
            let withEmail = readsEmail ?? true
            requests += 1
            do {
                let (answer, scopes) = try await query(withEmail)
                try learn(scopes ?? (withEmail ? true : readsEmail))
                return answer
            } catch GitHubAPIError.insufficientScopes(let message) where withEmail && message.contains("'email'") {
                try learn(false)
                return try await run(query)
            }
        }

        private mutating func learn(_ value: Bool?) throws {
            guard let value, value != readsEmail else { return }
            readsEmail = value
            try memory.remember(fingerprint: fingerprint, readsEmail: value)
        }
    }
}
