import Foundation
import GraphQL
import HTTPTypes
import Hummingbird
import NIOCore

/// `POST /graphql` (and `/api/graphql`, an Enterprise Server's path): GitHub's GraphQL API for
/// what a users client asks, every query validated against GitHub's published schema
/// (``GitHubSchema``) and charged by GitHub's point formula (``GraphQLCost``).
extension FakeResponder {
    /// Whether `path` is the GraphQL endpoint: `/graphql` beside the REST root on github.com
    /// and GHE.com, `/api/graphql` on an Enterprise Server (GitHub Docs, "Forming calls with
    /// GraphQL").
    static func isGraphQL(_ path: String) -> Bool {
        path == "/graphql" || path == "/api/graphql"
    }

    func graphQL(_ request: Request, ticket: FakeState.Ticket) async throws -> Reply {
        if let refusal = refusal(of: request, ticket: ticket) { return .response(refusal) }
        // GraphQL needs a token: 401 with this body without one (recorded in
        // carbon-design-system/carbon-tutorial-angular #1142 and cli/cli #8729, "HTTP 401: This
        // endpoint requires you to be authenticated. (https://api.github.com/graphql)"); GitHub
        // Support in isaacs/github #972: "GraphQL currently requires Authentication".
        guard let token = request.headers[.authorization] else {
            let body = Self.errorBody(
                "This endpoint requires you to be authenticated.",
                documentation: "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql")
            return .response(jsonResponse(.unauthorized, body: body, headers: graphQLHeaders(nil, request: request, ticket: ticket), request: request))
        }
        guard request.method == .post else { return .response(jsonResponse(.notFound, body: UserJSON.error(message: "Not Found"), headers: [:], request: request)) }
        if backend.configuration.latency > .zero { try await shutdown.sleep(for: backend.configuration.latency) }
        let bytes = try await request.body.collect(upTo: 1 << 20)
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes.readableBytesView)) as? [String: Any], let text = object["query"] as? String
        else {
            // A body that is not `{"query": …}`: GitHub answers 400 "Problems parsing JSON".
            let body = Self.errorBody("Problems parsing JSON", documentation: "https://docs.github.com/graphql")
            return .response(jsonResponse(.badRequest, body: body, headers: graphQLHeaders(nil, request: request, ticket: ticket), request: request))
        }
        let variables = object["variables"] as? [String: Any] ?? [:]
        let schema: GraphQLSchema
        switch await GitHubSchema.shared() {
        case .success(let built): schema = built
        case .failure(let error): return .response(graphQLErrors(["github-fake cannot read GitHub's schema: \(error)"], request: request, ticket: ticket))
        }
        // Refused queries (syntax, or not valid against the schema) are answered 200 with
        // `errors` and no `data`, and cost nothing.
        let document: Document
        do {
            document = try parse(source: text)
        } catch {
            return .response(graphQLErrors([String(describing: error)], request: request, ticket: ticket))
        }
        let problems = validate(schema: schema, ast: document)
        guard problems.isEmpty else { return .response(graphQLErrors(problems.map(\.message), request: request, ticket: ticket)) }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let name = object["operationName"] as? String
        guard let operation = operations.first(where: { name == nil || $0.name?.value == name }), operations.count == 1 || name != nil,
            operation.operation == .query
        else {
            return .response(graphQLErrors(["github-fake answers one query operation (no mutations or subscriptions)"], request: request, ticket: ticket))
        }
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        // Scopes are checked before the query runs, and a field the token may not read
        // refuses all of it, for no points (``TokenScopes``); a directive does not hide it,
        // unless the milder reading was asked for (``ScopeCheck``).
        let scopes = TokenScopes(authorization: token, configuration: backend.configuration)
        let directives = backend.configuration.scopeCheck == .executed
        var emailForbidden = false
        if !scopes.readsEmail, TokenScopes.asksUserEmail(operation, fragments: fragments, variables: variables, schema: schema, honouringDirectives: directives) {
            // A token without scopes may be answered node by node instead (``ScopelessEmail``).
            guard scopes.scopes == nil, backend.configuration.scopelessEmail == .nullsNodes else {
                return .response(insufficientScopes(scopes, request: request, ticket: ticket))
            }
            emailForbidden = true
        }
        let (points, nodeCount) = GraphQLCost.of(operation, fragments: fragments, variables: variables, schema: schema)
        var timeout: Int?
        switch backend.nextGraphQLFault() {
        case .secondaryRateLimit(let status, let retryAfter):
            return .response(secondaryRateLimit(status: status, retryAfter: retryAfter, request: request, ticket: ticket))
        case .timeout(let status):
            timeout = status
        case nil:
            if let most = backend.configuration.graphQLTimeoutAbove, Self.idCount(operation, variables: variables) > most { timeout = 502 }
        }
        switch backend.spendGraphQL(token: token, points: points) {
        case .exhausted(let window):
            return .response(rateLimited(window, request: request, ticket: ticket))
        case .allowed(let window) where timeout != nil:
            return .response(timedOut(status: timeout ?? 502, window: window, request: request, ticket: ticket))
        case .allowed(let window):
            let cost = GraphQLExecution.Cost(
                cost: points, limit: window.limit, remaining: window.remaining, used: window.used,
                resetAt: Timestamp.iso8601(epochSeconds: window.reset), nodeCount: nodeCount)
            let base = baseURL(of: request)
            var execution = GraphQLExecution(schema: schema, fragments: fragments, variables: variables, cost: cost) { id in
                account(nodeID: id, baseURL: base)
            }
            execution.search = { query in searchAccounts(query, baseURL: base) }
            execution.nextGlobalIDs = request.headers[.nextGlobalID] == "1"
            execution.forbiddenAccounts = backend.configuration.forbiddenAccounts
            execution.fieldErrors = backend.configuration.graphQLFieldErrors
            execution.searchWithholds = { [configuration = backend.configuration] in configuration.searchWithholds(id: $0) }
            execution.emailForbidden = emailForbidden
            var writer = JSONWriter(capacity: 64 * 1_024)
            writer.beginObject()
            writer.key("data")
            execution.writeData(operation, into: &writer)
            if !execution.errors.isEmpty {
                writer.key("errors")
                Self.write(execution.errors, into: &writer)
            }
            writer.endObject()
            return .response(jsonResponse(.ok, body: writer.bytes, headers: graphQLHeaders(window, request: request, ticket: ticket), request: request))
        }
    }

    /// How many ids the query's `nodes(ids:)` fields ask.
    /// The accounts `operation` asks for: the ids of `nodes`, and the `first` of a `search`.
    private static func idCount(_ operation: OperationDefinition, variables: [String: Any]) -> Int {
        operation.selectionSet.selections.reduce(0) { count, selection in
            guard let field = selection as? Field else { return count }
            switch field.name.value {
            case "nodes": return count + (GraphQLArguments.strings(field, "ids", variables)?.count ?? 0)
            case "search": return count + (GraphQLArguments.int(field, "first", variables) ?? 0)
            default: return count
            }
        }
    }

    /// A query asking a field the token's scopes do not reach: HTTP 200, `"data": null`, one
    /// error of type `INSUFFICIENT_SCOPES` (captured in mntnr/name-your-contributors #67).
    private func insufficientScopes(_ scopes: TokenScopes, request: Request, ticket: FakeState.Ticket) -> Response {
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        writer.key("data")
        writer.string(nil)
        writer.key("errors")
        Self.write([("INSUFFICIENT_SCOPES", scopes.emailRefusal, [])], into: &writer)
        writer.endObject()
        return jsonResponse(.ok, body: writer.bytes, headers: graphQLHeaders(nil, request: request, ticket: ticket), request: request)
    }

    /// A secondary limit (``GraphQLFault/secondaryRateLimit(status:retryAfter:)``): in a 200, an
    /// error with its message and no type; in a 403, REST's captured body. The hourly points
    /// are untouched.
    private func secondaryRateLimit(status: Int, retryAfter: Int?, request: Request, ticket: FakeState.Ticket) -> Response {
        var headers = graphQLHeaders(backend.graphQLSnapshot(token: request.headers[.authorization] ?? ""), request: request, ticket: ticket)
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        guard status == 200 else {
            return jsonResponse(.forbidden, body: backend.fixtures.secondaryRateLimitBody, headers: headers, request: request)
        }
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        writer.key("errors")
        let message = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. "
            + "If you reach out to GitHub Support for help, please include the request ID FAKE:\(ticket.sequence)."
        Self.write([(nil, message, [])], into: &writer)
        writer.endObject()
        return jsonResponse(.ok, body: writer.bytes, headers: headers, request: request)
    }

    /// GitHub's end of a query that ran over 10 seconds: 502 (or 504), `"data": null` and its
    /// message (shurcooL/githubv4 #38), the points spent.
    private func timedOut(status: Int, window: RateLimitWindow.Snapshot, request: Request, ticket: FakeState.Ticket) -> Response {
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        writer.key("data")
        writer.string(nil)
        writer.key("errors")
        let message = "Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug. "
            + "Please include `FAKE:\(ticket.sequence)` when reporting this issue."
        Self.write([(nil, message, [])], into: &writer)
        writer.endObject()
        return jsonResponse(
            HTTPResponse.Status(code: status), body: writer.bytes, headers: graphQLHeaders(window, request: request, ticket: ticket), request: request)
    }

    /// The account a node id names: an active user of the population whose type is the id's.
    private func account(nodeID: String, baseURL: String) -> GraphQLAccount? {
        let population = backend.population
        let overrides = backend.overrides
        guard let (id, type) = GraphQLAccount.decode(nodeID: nodeID), population.isActive(id: id, overrides: overrides) else { return nil }
        let user = population.simpleUser(id: id, overrides: overrides)
        guard user.type == type else { return nil }
        return GraphQLAccount(
            user: user, profile: population.profile(id: id, overrides: overrides), htmlURL: "https://github.com/\(user.login)",
            avatarURL: avatarURL(id, baseURL: baseURL))
    }

    /// Every active account user-search `text` matches, in id order (GitHub's default order,
    /// "best match", is not documented; id order is one a test can reckon), or `nil` for a
    /// query it refuses.
    func searchAccounts(_ text: String, baseURL: String) -> [GraphQLAccount]? {
        guard let query = try? UserSearchQuery(text) else { return nil }
        let population = backend.population
        let overrides = backend.overrides
        let found = population.ids.compactMap { id -> GraphQLAccount? in
            guard population.isActive(id: id, overrides: overrides) else { return nil }
            let user = population.simpleUser(id: id, overrides: overrides)
            let profile = population.profile(id: id, overrides: overrides)
            guard query.matches(user, profile) else { return nil }
            return GraphQLAccount(user: user, profile: profile, htmlURL: "https://github.com/\(user.login)", avatarURL: avatarURL(id, baseURL: baseURL))
        }
        guard let sort = query.sort else { return found }
        // Ties in id order; join times in ISO 8601 UTC sort as text.
        let key = { (account: GraphQLAccount) -> String in
            switch sort.key {
            case "followers": String(format: "%012d", account.profile.followers)
            case "repositories": String(format: "%012d", account.profile.publicRepos)
            default: account.profile.createdAt
            }
        }
        let keyed: [(key: String, account: GraphQLAccount)] = found.map { (key($0), $0) }
        let sorted = keyed.sorted { (a: (key: String, account: GraphQLAccount), b: (key: String, account: GraphQLAccount)) -> Bool in
            if a.key == b.key { return a.account.user.id < b.account.user.id }
            return (a.key < b.key) == sort.ascending
        }
        return sorted.map(\.account)
    }

    /// A used-up budget: HTTP 200, `x-ratelimit-remaining: 0`, and an error of type
    /// `RATE_LIMITED` (GitHub Docs, "Rate limits and query limits for the GraphQL API",
    /// "Exceeding the rate limit"; the type octokit/plugin-throttling.js throttles on; the
    /// message as in cli/cli #8321 and microsoft/vscode-pull-request-github #4899: "API rate
    /// limit exceeded for user ID …").
    private func rateLimited(_ window: RateLimitWindow.Snapshot, request: Request, ticket: FakeState.Ticket) -> Response {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("errors")
        Self.write([("RATE_LIMITED", "API rate limit exceeded for user ID 1.", [])], into: &writer)
        writer.endObject()
        var exhausted = window
        exhausted.remaining = 0
        return jsonResponse(.ok, body: writer.bytes, headers: graphQLHeaders(exhausted, request: request, ticket: ticket), request: request)
    }

    private func graphQLErrors(_ messages: [String], request: Request, ticket: FakeState.Ticket) -> Response {
        var writer = JSONWriter(capacity: 1_024)
        writer.beginObject()
        writer.key("errors")
        Self.write(messages.map { (type: String?.none, message: $0, path: [Any]()) }, into: &writer)
        writer.endObject()
        return jsonResponse(.ok, body: writer.bytes, headers: graphQLHeaders(nil, request: request, ticket: ticket), request: request)
    }

    /// The REST headers with GraphQL's window: `x-ratelimit-resource: graphql`, counted in
    /// points (GitHub Docs, "Rate limits and query limits for the GraphQL API": "x-ratelimit-resource
    /// | The rate limit resource that the request counted against. For GraphQL requests, this
    /// will always be `graphql`").
    private func graphQLHeaders(_ window: RateLimitWindow.Snapshot?, request: Request, ticket: FakeState.Ticket) -> HTTPFields {
        var headers = apiHeaders(window ?? snapshot(for: request), request: request, ticket: ticket)
        headers[.rateLimitResource] = "graphql"
        if window == nil {
            for name in [HTTPField.Name.rateLimitLimit, .rateLimitRemaining, .rateLimitUsed, .rateLimitReset, .rateLimitResource] {
                headers[name] = nil
            }
        }
        return headers
    }

    private static func write(_ errors: [(type: String?, message: String, path: [Any])], into writer: inout JSONWriter) {
        writer.beginArray()
        for error in errors {
            writer.beginObject()
            if let type = error.type { writer.field("type", type) }
            if !error.path.isEmpty {
                writer.key("path")
                writer.beginArray()
                for step in error.path {
                    if let index = step as? Int { writer.int(index) } else { writer.string("\(step)") }
                }
                writer.endArray()
            }
            writer.field("message", error.message)
            writer.endObject()
        }
        writer.endArray()
    }

    private static func errorBody(_ message: String, documentation: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("message", message)
        writer.field("documentation_url", documentation)
        writer.endObject()
        return writer.bytes
    }
}
