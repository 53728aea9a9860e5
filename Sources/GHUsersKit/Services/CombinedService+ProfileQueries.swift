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
        let memory: StoreService.Sync.TokenEmail
        let fingerprint: String
        /// Whether the token may read emails, as far as is known.
        private(set) var readsEmail: Bool?
        /// Queries sent (a refused one included).
        private(set) var requests = 0

        init(fetch: HTTPService.Users.FetchProfiles, memory: StoreService.Sync.TokenEmail, fingerprint: String) throws {
            self.fetch = fetch
            self.memory = memory
            self.fingerprint = fingerprint
            readsEmail = try memory.readsEmail(fingerprint: fingerprint)
        }

        /// The profiles of `nodeIDs`, with emails where the token may read them.
        mutating func callAsFunction(_ nodeIDs: [String]) async throws -> HTTPService.Users.FetchProfiles.Batch {
            let withEmail = readsEmail ?? true
            requests += 1
            do {
                let batch = try await fetch(nodeIDs: nodeIDs, withEmail: withEmail)
                try learn(batch.readsEmail ?? (withEmail ? true : readsEmail))
                return batch
            } catch GitHubAPIError.insufficientScopes(let message) where withEmail && message.contains("'email'") {
                try learn(false)
                return try await self(nodeIDs)
            }
        }

        private mutating func learn(_ value: Bool?) throws {
            guard let value, value != readsEmail else { return }
            readsEmail = value
            try memory.remember(fingerprint: fingerprint, readsEmail: value)
        }
    }
}
