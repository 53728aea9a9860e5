import HTTPTypes
import Hummingbird

/// `GET /search/users?q=&per_page=&page=`: GitHub's user search over REST.
///
/// GitHub Docs, "Search" (https://docs.github.com/en/rest/search/search#search-users): the
/// same query syntax as GraphQL's search (``UserSearchQuery``); `per_page` at most 100 (30 by
/// default); "the GitHub REST API provides up to 1,000 results for each search", and a page
/// that starts past them (`(page - 1) * per_page >= 1000`) is refused with 422 "Only the first
/// 1000 search results are available" (the body as microsoft/vscode #93983 captured it at
/// `per_page=100&page=11`; the rule as brekkylab/backlot #144 measured it on issue search); a
/// custom rate limit of 30 requests a minute with a token, 10 without
/// (`x-ratelimit-resource: search`), a 403 when it is spent ("Rate limits for the REST API";
/// that 403's message is the fake's own words).
extension FakeResponder {
    func searchUsers(_ request: Request, ticket: FakeState.Ticket) -> Reply {
        let parameters = request.queryDictionary
        let token = request.headers[.authorization]
        let window: RateLimitWindow.Snapshot
        switch backend.admitSearch(token: token) {
        case .exhausted(var exhausted):
            (exhausted.remaining, exhausted.used) = (0, exhausted.limit)
            let body = UserJSON.error(message: "API rate limit exceeded for search.", documentationURL: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting")
            return .response(jsonResponse(.forbidden, body: body, headers: searchHeaders(exhausted, request: request, ticket: ticket), request: request))
        case .allowed(let snapshot):
            window = snapshot
        }
        let headers = searchHeaders(window, request: request, ticket: ticket)
        guard let text = request.formValue("q"), !text.isEmpty, let accounts = searchAccounts(text, baseURL: baseURL(of: request)) else {
            return .response(jsonResponse(.unprocessableContent, body: UserJSON.error(message: "Validation Failed"), headers: headers, request: request))
        }
        let perPage = min(100, max(1, Int(parameters["per_page"] ?? "") ?? 30))
        let page = max(1, Int(parameters["page"] ?? "") ?? 1)
        let start = (page - 1) * perPage
        guard start < 1_000 else {
            let body = UserJSON.error(message: "Only the first 1000 search results are available", documentationURL: "https://docs.github.com/v3/search/")
            return .response(jsonResponse(.unprocessableContent, body: body, headers: headers, request: request))
        }
        let end = min(accounts.count, 1_000, start + perPage)
        let users = start < end ? accounts[start..<end].map(\.user) : []
        let base = baseURL(of: request)
        let body = UserJSON.searchResults(total: accounts.count, users) { avatarURL($0, baseURL: base) }
        return .response(jsonResponse(.ok, body: body, headers: headers, request: request))
    }

    /// The REST headers with search's window (`x-ratelimit-resource: search`).
    private func searchHeaders(_ window: RateLimitWindow.Snapshot, request: Request, ticket: FakeState.Ticket) -> HTTPFields {
        var headers = apiHeaders(window, request: request, ticket: ticket)
        headers[.rateLimitResource] = "search"
        return headers
    }
}
