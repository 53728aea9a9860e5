/// What a GraphQL answer says beside its data, for the caller's reckoning: the rate limit after
/// it, what it cost, the token's scopes and what it says of reading the guarded fields. A batch
/// of profiles and a page of a search carry one each.
package struct GraphQLReceipt: Sendable {
    /// The GraphQL rate limit after this request (`x-ratelimit-resource: graphql`).
    package var rateLimit: RateLimit?
    /// The points this request cost (`rateLimit { cost }`).
    package var cost: Int?
    /// The token's scopes as `X-OAuth-Scopes` names them (`nil` without the header).
    package var scopes: String?
    /// What the answer says of reading the guarded fields.
    package var evidence = GuardedEvidence(scopes: nil, refusedAtField: false, whole: true)
}
