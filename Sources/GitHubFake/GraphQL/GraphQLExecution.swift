import Foundation
import GraphQL

/// Answers a validated query by walking it: the subset of GitHub's schema a GitHub users client
/// asks for — `Query.rateLimit`, `Query.nodes(ids:)` and `Query.node(id:)`, and on `User` and
/// `Organization` their profile fields and the `totalCount` of `repositories`, `gists`,
/// `followers` and `following`. A field outside that subset (valid in GitHub's schema, or the
/// query would not have got here) is answered `null` with an error naming it, never invented.
///
/// Fields are collected as the GraphQL specification's CollectFields does: fragments whose type
/// condition the object meets (its type, or an interface it implements), merged by response
/// key (alias or name), in query order.
struct GraphQLExecution {
    /// The values of `rateLimit { … }` for this query.
    struct Cost {
        var cost: Int
        var limit: Int
        var remaining: Int
        var used: Int
        var resetAt: String
        var nodeCount: Int
    }

    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinition]
    let variables: [String: Any]
    let cost: Cost
    /// Whether `id` answers the next format (`X-Github-Next-Global-ID: 1`: GitHub Docs,
    /// "Migrating GraphQL global node IDs"), else the legacy one.
    var nextGlobalIDs = false
    /// Accounts whose node is refused (``FakeConfiguration/forbiddenAccounts``).
    var forbiddenAccounts: Set<Int> = []
    /// A field nulled with an error, by account (``FakeConfiguration/graphQLFieldErrors``).
    var fieldErrors: [Int: String] = [:]
    /// Whether the search counts, but never gives, an account (``FakeConfiguration/searchWithholds(id:)``).
    var searchWithholds: @Sendable (Int) -> Bool = { _ in false }
    /// Every `User` node that asks `email` is `null` with a `FORBIDDEN` error at the field
    /// (``ScopelessEmail/nullsNodes``).
    var emailForbidden = false
    /// The account a node id names, or `nil` (unknown, deleted, or a type the fake has not).
    let account: (String) -> GraphQLAccount?
    /// Every account a user-search query matches, in the order search lists them, or `nil`
    /// for a query the search refuses.
    var search: (String) -> [GraphQLAccount]? = { _ in [] }
    /// Errors met while answering, with their paths, as GitHub lists them beside `data`.
    private(set) var errors: [(type: String?, message: String, path: [Any])] = []

    init(
        schema: GraphQLSchema, fragments: [String: FragmentDefinition], variables: [String: Any], cost: Cost,
        account: @escaping (String) -> GraphQLAccount?
    ) {
        self.schema = schema
        self.fragments = fragments
        self.variables = variables
        self.cost = cost
        self.account = account
    }

    /// Writes `data` of `operation` (a query) into `writer`.
    mutating func writeData(_ operation: OperationDefinition, into writer: inout JSONWriter) {
        writer.beginObject()
        for (key, fields) in collect([operation.selectionSet], typeName: "Query") {
            writer.key(key)
            let field = fields[0]
            switch field.name.value {
            case "__typename":
                writer.string("Query")
            case "rateLimit":
                writeRateLimit(fields, into: &writer)
            case "nodes":
                writer.beginArray()
                for (index, id) in (GraphQLArguments.strings(field, "ids", variables) ?? []).enumerated() {
                    writeNode(id, fields: fields, path: [key, index], into: &writer)
                }
                writer.endArray()
            case "node":
                writeNode(GraphQLArguments.strings(field, "id", variables)?.first ?? "", fields: fields, path: [key], into: &writer)
            case "search":
                writeSearch(fields, path: [key], into: &writer)
            default:
                unsupported("Query.\(field.name.value)", path: [key], into: &writer)
            }
        }
        writer.endObject()
    }

    private mutating func writeRateLimit(_ fields: [Field], into writer: inout JSONWriter) {
        writer.beginObject()
        for (key, subfields) in collect(merged(fields), typeName: "RateLimit") {
            writer.key(key)
            switch subfields[0].name.value {
            case "__typename": writer.string("RateLimit")
            case "cost": writer.int(cost.cost)
            case "limit": writer.int(cost.limit)
            case "remaining": writer.int(cost.remaining)
            case "used": writer.int(cost.used)
            case "resetAt": writer.string(cost.resetAt)
            case "nodeCount": writer.int(cost.nodeCount)
            default: unsupported("RateLimit.\(subfields[0].name.value)", path: ["rateLimit", key], into: &writer)
            }
        }
        writer.endObject()
    }

    /// `search(query:, type: USER, first:, after:)`: the schema's "a maximum of 1,000 results"
    /// (`Query.search` and `SearchResultItemConnection`, ../shared/fixtures/github/graphql-schema.graphql)
    /// kept: `userCount` counts every match, but no cursor goes past the 1,000th. Cursors are
    /// opaque to a client (the connection's contract); the fake's are `base64("cursor:N")`.
    /// Only `USER` is answered; another type is `null` with an error.
    private mutating func writeSearch(_ fields: [Field], path: [Any], into writer: inout JSONWriter) {
        let field = fields[0]
        let type = field.arguments.first { $0.name.value == "type" }.map { argument -> String in
            switch argument.value {
            case let value as EnumValue: value.value
            case let variable as Variable: variables[variable.name.value] as? String ?? ""
            default: ""
            }
        }
        let query = GraphQLArguments.strings(field, "query", variables)?.first ?? ""
        guard type == "USER", let matches = search(query) else {
            writer.string(nil)
            errors.append((nil, type == "USER" ? "The search query is not valid: \(query)" : "github-fake answers search(type: USER) only", path))
            return
        }
        let first = min(100, max(0, GraphQLArguments.int(field, "first", variables) ?? 10))
        let cursor = GraphQLArguments.strings(field, "after", variables)?.first
        let start = cursor.flatMap { Data(base64Encoded: $0) }.flatMap { String(data: $0, encoding: .utf8) }
            .flatMap { $0.hasPrefix("cursor:") ? Int($0.dropFirst(7)) : nil } ?? 0
        let end = min(matches.count, 1_000, start + first)
        // Withheld accounts keep their places: the page comes short, the cursor moves as for a full one.
        let positions = start < end ? (start..<end).filter { !searchWithholds(matches[$0].user.id) } : []
        let page = positions.map { matches[$0] }
        func cursorOf(_ offset: Int) -> String { Data("cursor:\(offset)".utf8).base64EncodedString() }
        writer.beginObject()
        for (key, subfields) in collect(merged(fields), typeName: "SearchResultItemConnection") {
            writer.key(key)
            switch subfields[0].name.value {
            case "__typename": writer.string("SearchResultItemConnection")
            case "userCount": writer.int(matches.count)
            case "codeCount", "discussionCount", "issueCount", "repositoryCount", "wikiCount": writer.int(0)
            case "pageInfo":
                writer.beginObject()
                for (infoKey, info) in collect(merged(subfields), typeName: "PageInfo") {
                    writer.key(infoKey)
                    switch info[0].name.value {
                    // The places asked, withheld ones too: a page all withheld still moves on.
                    case "endCursor": writer.string(start < end ? cursorOf(end) : nil)
                    case "startCursor": writer.string(start < end ? cursorOf(start + 1) : nil)
                    case "hasNextPage": writer.bool(end < min(matches.count, 1_000))
                    case "hasPreviousPage": writer.bool(start > 0)
                    default: unsupported("PageInfo.\(info[0].name.value)", path: path + ([key, infoKey] as [Any]), into: &writer)
                    }
                }
                writer.endObject()
            case "nodes":
                writer.beginArray()
                for (index, account) in page.enumerated() {
                    writeAccount(account, fields: subfields, path: path + ([key, index] as [Any]), into: &writer)
                }
                writer.endArray()
            case "edges":
                writer.beginArray()
                for (index, account) in page.enumerated() {
                    writer.beginObject()
                    for (edgeKey, edge) in collect(merged(subfields), typeName: "SearchResultItemEdge") {
                        writer.key(edgeKey)
                        switch edge[0].name.value {
                        case "cursor": writer.string(cursorOf(positions[index] + 1))
                        case "node": writeAccount(account, fields: edge, path: path + ([key, index, edgeKey] as [Any]), into: &writer)
                        default: unsupported("SearchResultItemEdge.\(edge[0].name.value)", path: path + ([key, index, edgeKey] as [Any]), into: &writer)
                        }
                    }
                    writer.endObject()
                }
                writer.endArray()
            default:
                unsupported("SearchResultItemConnection.\(subfields[0].name.value)", path: path + [key], into: &writer)
            }
        }
        writer.endObject()
    }

    /// One account, or `null` with GitHub's error beside `data`: `"type": "NOT_FOUND"`, the
    /// item's `path` and "Could not resolve to a node with the global id of '…'" (GitHub's
    /// wording, which public clients match by prefix to skip deleted accounts and repositories).
    private mutating func writeNode(_ id: String, fields: [Field], path: [Any], into writer: inout JSONWriter) {
        guard let account = account(id) else {
            writer.string(nil)
            errors.append(("NOT_FOUND", "Could not resolve to a node with the global id of '\(id)'", path))
            return
        }
        writeAccount(account, fields: fields, path: path, into: &writer)
    }

    /// An account's object, or `null` with an error for one the token may not see.
    private mutating func writeAccount(_ account: GraphQLAccount, fields: [Field], path: [Any], into writer: inout JSONWriter) {
        // A node the token may not see: null, with an error naming it (SAML's wording, as
        // GitHub answers a token not authorised for a protected organisation).
        if forbiddenAccounts.contains(account.user.id) {
            writer.string(nil)
            errors.append(("FORBIDDEN", "Resource protected by organization SAML enforcement. You must grant your Personal Access token access to this organization.", path))
            return
        }
        let type = account.user.type
        let selected = collect(merged(fields), typeName: type)
        if emailForbidden, type == "User", let key = selected.first(where: { $0.1[0].name.value == "email" })?.0 {
            // `User.email` is `String!`: its error nulls the node, the path ending at the field.
            writer.string(nil)
            errors.append(("FORBIDDEN", "Resource not accessible by integration", path + [key]))
            return
        }
        // A field error: a nullable field is null, a non-null one nulls its node (the GraphQL
        // specification, "Handling Field Errors"); the error's path ends at the field.
        var failing: String?
        if let name = fieldErrors[account.user.id], let key = selected.first(where: { $0.1[0].name.value == name })?.0 {
            failing = key
            if isNonNull(field: name, of: type) {
                writer.string(nil)
                errors.append((nil, "Something went wrong while resolving \(name).", path + [key]))
                return
            }
        }
        writer.beginObject()
        for (key, subfields) in selected {
            writer.key(key)
            if key == failing {
                writer.string(nil)
                errors.append((nil, "Something went wrong while resolving \(subfields[0].name.value).", path + [key]))
                continue
            }
            writeAccountField(subfields, account: account, path: path + [key], into: &writer)
        }
        writer.endObject()
    }

    private func isNonNull(field name: String, of type: String) -> Bool {
        guard let object = schema.getType(name: type) as? GraphQLObjectType, let field = try? object.fields()[name] else { return false }
        return field.type is GraphQLNonNull
    }

    private mutating func writeAccountField(_ fields: [Field], account: GraphQLAccount, path: [Any], into writer: inout JSONWriter) {
        let field = fields[0]
        let profile = account.profile
        let isUser = account.user.type == "User"
        switch field.name.value {
        case "__typename": writer.string(account.user.type)
        case "id": writer.string(nextGlobalIDs ? GraphQLAccount.nextFormatID(id: account.user.id, type: account.user.type) : account.user.nodeID)
        case "databaseId": writer.int(account.user.id)
        case "login": writer.string(account.user.login)
        case "url": writer.string(account.htmlURL)
        case "avatarUrl": writer.string(account.avatarURL)
        case "isSiteAdmin": writer.bool(account.user.siteAdmin)
        case "name": writer.string(profile.name)
        case "company": writer.string(profile.company)
        // `websiteUrl: URI` is null where REST's `blog` is "".
        case "websiteUrl": writer.string(profile.blog.flatMap { $0.isEmpty ? nil : $0 })
        case "location": writer.string(profile.location)
        // `User.email: String!` is "" when not public; `Organization.email: String` is null.
        case "email": writer.string(profile.email ?? (isUser ? "" : nil))
        case "isHireable": writer.bool(profile.hireable == true)
        case "bio": writer.string(profile.bio)
        case "description": writer.string(profile.bio)
        case "twitterUsername": writer.string(profile.twitterUsername)
        case "createdAt": writer.string(profile.createdAt)
        case "updatedAt": writer.string(profile.updatedAt)
        case "repositories":
            let affiliations = GraphQLArguments.strings(field, "ownerAffiliations", variables)
            writeCount(account.repositoryCount(ownerAffiliations: affiliations), fields: fields, path: path, into: &writer)
        case "gists": writeCount(profile.publicGists, fields: fields, path: path, into: &writer)
        case "followers": writeCount(profile.followers, fields: fields, path: path, into: &writer)
        case "following": writeCount(profile.following, fields: fields, path: path, into: &writer)
        default: unsupported("\(account.user.type).\(field.name.value)", path: path, into: &writer)
        }
    }

    /// A connection of which the fake answers only `totalCount`.
    private mutating func writeCount(_ count: Int, fields: [Field], path: [Any], into writer: inout JSONWriter) {
        writer.beginObject()
        for (key, subfields) in collect(merged(fields), typeName: "") {
            writer.key(key)
            switch subfields[0].name.value {
            case "totalCount": writer.int(count)
            default: unsupported("connection field \(subfields[0].name.value)", path: path + [key], into: &writer)
            }
        }
        writer.endObject()
    }

    private mutating func unsupported(_ what: String, path: [Any], into writer: inout JSONWriter) {
        writer.string(nil)
        errors.append((nil, "github-fake does not answer \(what) (a subset of GitHub's schema: Docs/FAKE.md)", path))
    }

    // MARK: - Collecting fields

    /// The selection sets of all `fields` (one response key), answered as one.
    private func merged(_ fields: [Field]) -> [SelectionSet] {
        fields.compactMap(\.selectionSet)
    }

    /// The fields of `selectionSets` for an object of type `typeName`, by response key, in order.
    private func collect(_ selectionSets: [SelectionSet], typeName: String) -> [(String, [Field])] {
        var order: [String] = []
        var byKey: [String: [Field]] = [:]
        func visit(_ set: SelectionSet, depth: Int) {
            guard depth < 32 else { return }
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    guard included(field.directives) else { continue }
                    let key = field.alias?.value ?? field.name.value
                    if byKey[key] == nil { order.append(key) }
                    byKey[key, default: []].append(field)
                case let fragment as InlineFragment:
                    if included(fragment.directives), applies(fragment.typeCondition?.name.value, to: typeName) { visit(fragment.selectionSet, depth: depth + 1) }
                case let spread as FragmentSpread:
                    if included(spread.directives), let definition = fragments[spread.name.value], applies(definition.typeCondition.name.value, to: typeName) {
                        visit(definition.selectionSet, depth: depth + 1)
                    }
                default:
                    continue
                }
            }
        }
        for set in selectionSets { visit(set, depth: 0) }
        return order.map { ($0, byKey[$0] ?? []) }
    }

    /// Whether a selection is kept by its `@include(if:)` and `@skip(if:)` (the GraphQL
    /// specification, "Field Collection"; GitHub's schema declares both).
    func included(_ directives: [Directive]) -> Bool {
        GraphQLExecution.included(directives, variables: variables)
    }

    static func included(_ directives: [Directive], variables: [String: Any]) -> Bool {
        for directive in directives {
            let value = directive.arguments.first { $0.name.value == "if" }.map { argument -> Bool in
                switch argument.value {
                case let boolean as BooleanValue: boolean.value
                case let variable as Variable: variables[variable.name.value] as? Bool ?? false
                default: false
                }
            }
            if directive.name.value == "include", value == false { return false }
            if directive.name.value == "skip", value == true { return false }
        }
        return true
    }

    /// Whether a fragment on `condition` applies to an object of type `typeName`: the same type,
    /// or an interface it implements (`Node`, `Actor`, `RepositoryOwner`, …).
    private func applies(_ condition: String?, to typeName: String) -> Bool {
        guard let condition, condition != typeName else { return true }
        guard let object = schema.getType(name: typeName) as? GraphQLObjectType, let interfaces = try? object.interfaces() else { return false }
        return interfaces.contains { $0.name == condition }
    }
}
