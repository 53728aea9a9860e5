/// What one GraphQL answer says of whether the token may read the guarded fields
/// (``Profile/Field/GraphQLSource/guarded(_:)``: `User.email` today), as
/// `CombinedService.EmailScope` learns it per token.
///
/// - `X-OAuth-Scopes` decides when GitHub sends it (a classic or OAuth token), and always
///   overrides what was remembered.
/// - A token without scopes (fine-grained, an app's) may be refused the document, or answered
///   with each node that asks a guarded field `null` and an error whose `path` ends at that
///   field (`FORBIDDEN`): not documented which (../shared/fixtures/github/SOURCES.md), so both
///   mean "not readable", and the page is asked again without the field.
/// - "Readable" is never learnt from an answer in which any node came back `null`.
package struct GuardedEvidence: Sendable, Hashable {
    /// What `X-OAuth-Scopes` says (`nil`: no header).
    package var scopes: Bool?
    /// An error's `path` ends at a guarded field.
    package var refusedAtField: Bool
    /// Every node asked came back, and one at least was a user's (the guarded field's type).
    package var whole: Bool

    /// The evidence of an answer with `problems` and `nodes`, under `scopesHeader`.
    static func of(_ problems: [ProfilesQuery.Problem], nodes: [ProfilesQuery.Node?], scopesHeader: String?) -> GuardedEvidence {
        let refused = problems.contains { problem in
            guard case .field(let key)? = problem.path?.last else { return false }
            return ProfilesQuery.guardedKeys.contains(key)
        }
        let whole = !nodes.contains { $0 == nil } && nodes.contains { $0?.__typename == "User" }
        return GuardedEvidence(scopes: ProfilesQuery.readsEmail(scopes: scopesHeader), refusedAtField: refused, whole: whole)
    }
}
