import Foundation

extension CombinedService {
    /// GraphQL profile queries that ask `User.email` only of a token that may read it.
    ///
    /// GitHub checks a document's fields against a classic token's scopes before running it and
    /// refuses all of it when one is missing (`INSUFFICIENT_SCOPES`; `email` needs `user:email`
    /// or `read:user`, which `gh auth login`'s default scopes lack: mntnr/name-your-contributors
    /// #67, raycast/extensions #13588), `@include(if: false)` or not, so a document for a token
    /// that may not read it does not name it. What a token may do is learnt from its
    /// `X-OAuth-Scopes` header, from that refusal, or from nodes nulled with an error at the
    /// field (``GuardedEvidence``; then the query is asked once more without `email`), and
    /// remembered per token (``StoreService/Sync/remember(fingerprint:readsEmail:_:)``): a token asks at most once in
    /// vain. A token nothing is known of is asked with `email` (a fine-grained or App token
    /// sends no scopes header).
    struct ProfileQueries {
        let fetch: HTTPService.Users.FetchProfiles
        var email: EmailScope
        /// Whether the token may read emails, as far as is known.
        var readsEmail: Bool? { email.readsEmail }
        /// Queries sent (a refused one included).
        var requests: Int { email.requests }

        init(fetch: HTTPService.Users.FetchProfiles, database: AppDatabase, fingerprint: String) async throws {
            self.fetch = fetch
            email = try await EmailScope(database: database, fingerprint: fingerprint)
        }

        /// The profiles of `nodeIDs`, with emails where the token may read them; its cost is
        /// every answer's, a page asked again without emails included.
        mutating func callAsFunction(_ nodeIDs: [String]) async throws -> HTTPService.Users.FetchProfiles.Batch {
            let fetch = self.fetch
            var spent = 0
            var batch = try await email.run { withEmail in
                let batch = try await fetch(nodeIDs: nodeIDs, withEmail: withEmail)
                spent += batch.receipt.cost ?? 0
                return (batch, batch.receipt.evidence)
            }
            if batch.receipt.cost != nil { batch.receipt.cost = spent }
            return batch
        }
    }

    /// What a token may read of `User.email`, learnt and remembered per token: a GraphQL query
    /// (profiles by id, the user search) is asked with the email only of a token that may read
    /// it, and asked once more without it when GitHub refuses it for that.
    struct EmailScope {
        let database: AppDatabase
        let fingerprint: String
        /// Whether the token may read emails, as far as is known.
        private(set) var readsEmail: Bool?
        /// Queries sent (a refused one included).
        private(set) var requests = 0

        init(database: AppDatabase, fingerprint: String) async throws {
            self.database = database
            self.fingerprint = fingerprint
            readsEmail = try await database.read { db in try StoreService.Sync.readsEmail(fingerprint: fingerprint, db) }
        }

        /// Sends `query` (given whether to ask emails), which returns its answer and what the
        /// answer says of reading emails (``GuardedEvidence``), learning from it: the scopes
        /// header decides when sent; an email refused at the field asks the query again without
        /// it; "readable" is learnt only from an answer whose every node came back.
        mutating func run<Answer>(_ query: (Bool) async throws -> (Answer, GuardedEvidence)) async throws -> Answer {
            let withEmail = readsEmail ?? true
            requests += 1
            let answer: Answer
            let evidence: GuardedEvidence
            do {
                (answer, evidence) = try await query(withEmail)
            } catch GitHubAPIError.insufficientScopes(let message) where withEmail && message.contains("'email'") {
                try await learn(false)
                return try await run(query)
            }
            if withEmail, evidence.refusedAtField, evidence.scopes != true {
                try await learn(false)
                return try await run(query)
            }
            if let scopes = evidence.scopes {
                try await learn(scopes)
            } else if withEmail, evidence.whole {
                try await learn(true)
            }
            return answer
        }

        private mutating func learn(_ value: Bool?) async throws {
            guard let value, value != readsEmail else { return }
            readsEmail = value
            try await database.write { [fingerprint] db in try StoreService.Sync.remember(fingerprint: fingerprint, readsEmail: value, db) }
        }
    }
}
