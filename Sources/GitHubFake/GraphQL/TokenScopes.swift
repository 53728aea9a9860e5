import GraphQL

/// What a token may read, as GitHub decides it from the token's kind and scopes.
///
/// - A classic personal token (`ghp_…`), an OAuth token (`gho_…`, what `gh auth login` makes)
///   and a token without GitHub's prefixes (older classic tokens, the tests' own) have scopes:
///   ``FakeConfiguration/tokenScopes``, else ``FakeConfiguration/defaultTokenScopes`` (gh's
///   defaults). GitHub names them in `X-OAuth-Scopes` on every answer ("Scopes for OAuth
///   apps": "X-OAuth-Scopes lists the scopes your token has authorized").
/// - A fine-grained token (`github_pat_…`) and a GitHub App installation token (`ghs_…`, as
///   Actions' `GITHUB_TOKEN`) have permissions, not scopes: no `X-OAuth-Scopes`. Whether
///   GraphQL lets them read `User.email` is not documented; the fake refuses, as issue reports
///   say GitHub does for installation tokens (the conservative choice: a client that copes
///   with a refusal copes with an answer).
///
/// Prefixes: GitHub's blog, "Behind GitHub's new authentication token formats" (2021).
struct TokenScopes: Sendable {
    /// The token's classic scopes; `nil` for a fine-grained or installation token.
    let scopes: [String]?

    /// The scopes of the token in `authorization` (`Bearer TOKEN` or `token TOKEN`).
    init(authorization: String, configuration: FakeConfiguration) {
        var token = Substring(authorization)
        for scheme in ["bearer ", "token "] where token.lowercased().hasPrefix(scheme) {
            token = token.dropFirst(scheme.count)
        }
        let bare = String(token.drop(while: { $0 == " " }))
        if let listed = configuration.tokenScopes[bare] {
            scopes = listed
        } else if bare.hasPrefix("github_pat_") || bare.hasPrefix("ghs_") {
            scopes = nil
        } else {
            scopes = configuration.defaultTokenScopes
        }
    }

    /// `X-OAuth-Scopes`: the scopes, comma-separated as GitHub writes them; `nil` when the
    /// token has none to name.
    var header: String? {
        scopes?.joined(separator: ", ")
    }

    /// Whether `User.email` may be asked: GitHub's error names `user:email` and `read:user`
    /// (mntnr/name-your-contributors #67), and `user` grants both ("Scopes for OAuth apps").
    var readsEmail: Bool {
        guard let scopes else { return false }
        return scopes.contains { ["user", "read:user", "user:email"].contains($0) }
    }

    /// GitHub's refusal of a query that asks `User.email`, word for word as captured in
    /// mntnr/name-your-contributors #67.
    var emailRefusal: String {
        let granted = (scopes ?? []).map { "'\($0)'" }.joined(separator: ", ")
        return "Your token has not been granted the required scopes to execute this query. The 'email' field requires one of "
            + "the following scopes: ['user:email', 'read:user'], but your token has only been granted the: [\(granted)] scopes. "
            + "Please modify your token's scopes at: https://github.com/settings/tokens."
    }
}

extension TokenScopes {
    /// Whether `operation` names `User.email` (only where `@include`/`@skip` leave it, when
    /// `honouringDirectives`): GitHub checks the fields a query asks against the token's scopes
    /// before running any of it.
    static func asksUserEmail(
        _ operation: OperationDefinition, fragments: [String: FragmentDefinition], variables: [String: Any], schema: GraphQLSchema,
        honouringDirectives: Bool
    ) -> Bool {
        func included(_ directives: [Directive]) -> Bool {
            !honouringDirectives || GraphQLExecution.included(directives, variables: variables)
        }
        func fields(of type: any GraphQLNamedType) -> GraphQLFieldMap? {
            switch type {
            case let object as GraphQLObjectType: try? object.fields()
            case let interface as GraphQLInterfaceType: try? interface.fields()
            default: nil
            }
        }
        func visit(_ set: SelectionSet, in type: any GraphQLNamedType, depth: Int) -> Bool {
            guard depth < 32 else { return false }
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    guard included(field.directives) else { continue }
                    if type.name == "User", field.name.value == "email" { return true }
                    guard let inner = field.selectionSet, let fieldType = fields(of: type)?[field.name.value]?.type,
                        let named = getNamedType(type: fieldType)
                    else { continue }
                    if visit(inner, in: named, depth: depth + 1) { return true }
                case let fragment as InlineFragment:
                    guard included(fragment.directives) else { continue }
                    let condition = fragment.typeCondition.flatMap { schema.getType(name: $0.name.value) } ?? type
                    if visit(fragment.selectionSet, in: condition, depth: depth + 1) { return true }
                case let spread as FragmentSpread:
                    guard included(spread.directives), let definition = fragments[spread.name.value],
                        let condition = schema.getType(name: definition.typeCondition.name.value)
                    else { continue }
                    if visit(definition.selectionSet, in: condition, depth: depth + 1) { return true }
                default:
                    continue
                }
            }
            return false
        }
        guard let query = schema.queryType else { return false }
        return visit(operation.selectionSet, in: query, depth: 0)
    }
}
