import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /users`, `GET /users/{login}` and `GET /user/{id}`: refusals, faults, latency, rate
/// limits, ETags.
extension FakeResponder {
    /// A parsed API request.
    enum APIRequest: Sendable {
        case list(since: Int, perPage: Int)
        case user(login: String)
        /// `GET /user/{id}`, by numeric account id: undocumented for years but relied on
        /// (KnpLabs/php-github-api #894: "gettting data by ID is still undocumented. I contacted
        /// Github support to make sure it could be relied on"; PyGithub #1615), now GitHub Docs'
        /// "Get a user using their ID" (https://docs.github.com/en/rest/users/users#get-a-user-using-their-id).
        /// The same public-user body as `GET /users/{login}`.
        case account(id: String)
        /// A query parameter that is not a number: 422 like GitHub.
        case invalid(field: String)
    }

    /// A normal answer before rate limiting and conditional handling.
    struct Rendered {
        var status: HTTPResponse.Status
        var body: [UInt8]
        var link: String?
    }

    /// Parses `since` (default 0) and `per_page` (default from the configuration, clamped to 1...100).
    func listRequest(_ query: [String: String]) -> APIRequest {
        var since = 0
        if let raw = query["since"], !raw.isEmpty {
            guard let value = Int(raw) else { return .invalid(field: "since") }
            since = value
        }
        var perPage = backend.configuration.defaultPerPage
        if let raw = query["per_page"], !raw.isEmpty {
            guard let value = Int(raw) else { return .invalid(field: "per_page") }
            perPage = value
        }
        return .list(since: since, perPage: min(100, max(1, perPage)))
    }

    func api(_ apiRequest: APIRequest, request: Request, context: Context, ticket: FakeState.Ticket) async throws -> Reply {
        // Refused requests never reach the API: they take no fault and cost no rate limit.
        if let refusal = refusal(of: request, ticket: ticket) { return .response(refusal) }
        let fault = backend.nextFault()
        if backend.configuration.latency > .zero {
            try await shutdown.sleep(for: backend.configuration.latency)
        }
        let base = baseURL(of: request)
        switch fault {
        case nil:
            return .response(serve(apiRequest, request: request, baseURL: base, ticket: ticket))
        case .slow(let delay):
            try await shutdown.sleep(for: delay)
            return .response(serve(apiRequest, request: request, baseURL: base, ticket: ticket))
        case .invalidItems:
            return .response(serve(apiRequest, request: request, baseURL: base, ticket: ticket, invalidItems: true))
        case .impossibleIDs:
            return .response(serve(apiRequest, request: request, baseURL: base, ticket: ticket, impossibleIDs: true))
        case .status(let code):
            return .response(statusFault(code, request: request, ticket: ticket))
        case .tooManyRequests(let retryAfter):
            var headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
            headers[.retryAfter] = String(retryAfter)
            return .response(jsonResponse(.tooManyRequests, body: backend.fixtures.secondaryRateLimitBody, headers: headers, request: request))
        case .bareTooManyRequests:
            let headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
            let body = UserJSON.error(message: "Too Many Requests", status: 429)
            return .response(jsonResponse(.tooManyRequests, body: body, headers: headers, request: request))
        case .primaryRateLimit(let resetIn):
            var window = snapshot(for: request)
            window.reset = FakeBackend.now() + resetIn
            return .response(primaryRateLimitResponse(window, request: request, ticket: ticket))
        case .secondaryRateLimit(let retryAfter):
            var headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
            if let retryAfter { headers[.retryAfter] = String(retryAfter) }
            return .response(jsonResponse(.forbidden, body: backend.fixtures.secondaryRateLimitBody, headers: headers, request: request))
        case .abuseDetection(let retryAfter):
            var headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
            if let retryAfter { headers[.retryAfter] = String(retryAfter) }
            return .response(jsonResponse(.forbidden, body: Self.abuseDetectionBody, headers: headers, request: request))
        case .invalidJSON:
            let body = Array(#"[{"login":"mojombo","id":1,"node_id":"MDQ6VXNlcjE=", <<this is not JSON>>"#.utf8)
            return .response(jsonResponse(.ok, body: body, headers: apiHeaders(snapshot(for: request), request: request, ticket: ticket), request: request))
        case .htmlErrorPage:
            var headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
            headers[.contentType] = "text/html; charset=utf-8"
            return .response(Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: Self.unicornPage))))
        case .dropConnection:
            try? await context.channel.close()
            return .dropped
        case .dropMidBody:
            return .response(partial(render(apiRequest, baseURL: base), declaringLength: false, request: request, ticket: ticket))
        case .truncatedBody:
            return .response(partial(render(apiRequest, baseURL: base), declaringLength: true, request: request, ticket: ticket))
        }
    }

    // MARK: - Normal answers

    /// The normal answer: 403 once the request's rate-limit window is exhausted, 304 when
    /// `If-None-Match` matches, else the rendered body with its weak ETag (one per token).
    private func serve(
        _ apiRequest: APIRequest, request: Request, baseURL: String, ticket: FakeState.Ticket, invalidItems: Bool = false,
        impossibleIDs: Bool = false
    ) -> Response {
        let token = request.headers[.authorization]
        let rendered = render(apiRequest, baseURL: baseURL, invalidItems: invalidItems, impossibleIDs: impossibleIDs)
        let etag = rendered.status == .ok ? ETag.weak(of: rendered.body, authorization: token) : nil
        let notModified = etag.map { ETag.ifNoneMatch(request.headers[.ifNoneMatch], matches: $0) } ?? false
        // A 304 is free only for an authorized request. GitHub Docs, "Best practices for using
        // the REST API" (https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api):
        // "Making a conditional request does not count against your primary rate limit if a `304`
        // response is returned and the request was made while correctly authorized with an
        // `Authorization` header"; measured unauthenticated in wakatime/macos-wakatime #172 ("When
        // not authenticated, the etag conditional header ... still counts against the IP's rate limit").
        switch backend.admit(token: token, counts: !notModified || token == nil) {
        case .exhausted(let snapshot):
            return primaryRateLimitResponse(snapshot, request: request, ticket: ticket)
        case .allowed(let snapshot):
            var headers = apiHeaders(snapshot, request: request, ticket: ticket)
            if let etag { headers[.eTag] = etag }
            if let link = rendered.link { headers[.link] = link }
            if notModified {
                headers[.contentType] = "application/json; charset=utf-8"
                return Response(status: .notModified, headers: headers)
            }
            return jsonResponse(rendered.status, body: rendered.body, headers: headers, request: request)
        }
    }

    private func render(_ apiRequest: APIRequest, baseURL: String, invalidItems: Bool = false, impossibleIDs: Bool = false) -> Rendered {
        let population = backend.population
        switch apiRequest {
        case .invalid(let field):
            return Rendered(status: .init(code: 422), body: Self.validationFailed(field: field), link: nil)
        case .list(let since, let perPage):
            let overrides = backend.overrides
            // Deleted accounts drop out of the list: a page re-read after a deletion simply
            // skips them (GitHub lists ids with gaps, Resources' users-since-0; deleted accounts
            // answer 404, joshsoftware/code-curiosity #199).
            let page = population.page(since: since, perPage: perPage, deleted: overrides.deleted)
            let users = page.ids.map { population.simpleUser(id: $0, overrides: overrides) }
            var defects = invalidItems ? Self.defects(forPageOf: users.count) : [:]
            if impossibleIDs, users.count >= 3 { defects = [1: .zeroID, 2: .negativeID] }
            var link = ""
            if page.hasMore, let last = page.ids.last {
                link = "<\(baseURL)/users?since=\(last)&per_page=\(perPage)>; rel=\"next\", "
            }
            link += "<\(baseURL)/users{?since}>; rel=\"first\""
            let body = UserJSON.page(users, defects: defects) { avatarURL($0, baseURL: baseURL) }
            return Rendered(status: .ok, body: body, link: link)
        case .user(let login):
            let overrides = backend.overrides
            guard let id = population.id(forLogin: login, overrides: overrides) else {
                return Rendered(status: .notFound, body: backend.fixtures.notFoundBody, link: nil)
            }
            return profile(id: id, overrides: overrides, baseURL: baseURL, invalidItems: invalidItems)
        case .account(let rawID):
            let overrides = backend.overrides
            // Unknown and deleted ids answer as an unknown login does (the captured 404 body).
            guard let id = Int(rawID), String(id) == rawID, population.isActive(id: id, overrides: overrides) else {
                return Rendered(status: .notFound, body: backend.fixtures.notFoundBody, link: nil)
            }
            return profile(id: id, overrides: overrides, baseURL: baseURL, invalidItems: invalidItems)
        }
    }

    private func profile(id: Int, overrides: UserOverrides, baseURL: String, invalidItems: Bool) -> Rendered {
        let population = backend.population
        let body = UserJSON.profile(
            population.simpleUser(id: id, overrides: overrides),
            population.profile(id: id, overrides: overrides),
            avatarURL: avatarURL(id, baseURL: baseURL),
            defects: invalidItems ? [.badLogin, .fileAvatar] : []
        )
        return Rendered(status: .ok, body: body, link: nil)
    }

    /// First item: no login; second: bad login; last: bad avatar (see ``Fault/invalidItems``).
    private static func defects(forPageOf count: Int) -> [Int: UserJSON.Defects] {
        guard count > 0 else { return [:] }
        var defects: [Int: UserJSON.Defects] = [count - 1: .fileAvatar]
        if count >= 2 { defects[0] = .missingLogin }
        if count >= 3 { defects[1] = .badLogin }
        return defects
    }

    private static func validationFailed(field: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("message", "Validation Failed")
        writer.key("errors")
        writer.beginArray()
        writer.beginObject()
        writer.field("resource", "User")
        writer.field("field", field)
        writer.field("code", "invalid")
        writer.endObject()
        writer.endArray()
        writer.field("documentation_url", "https://docs.github.com/rest/users/users#list-users")
        writer.endObject()
        return writer.bytes
    }

    // MARK: - Fault answers

    /// 403 with `x-ratelimit-remaining: 0` and the captured body: the unauthenticated one
    /// ("API rate limit exceeded for 195.19.90.245. (But here's the good news: Authenticated
    /// requests get a higher rate limit. …)") without a token, the authenticated one with one.
    private func primaryRateLimitResponse(_ snapshot: RateLimitWindow.Snapshot, request: Request, ticket: FakeState.Ticket) -> Response {
        var exhausted = snapshot
        exhausted.remaining = 0
        exhausted.used = max(snapshot.used, snapshot.limit)
        let headers = apiHeaders(exhausted, request: request, ticket: ticket)
        let body = request.headers[.authorization] == nil ? backend.fixtures.anonymousPrimaryRateLimitBody : backend.fixtures.primaryRateLimitBody
        return jsonResponse(.forbidden, body: body, headers: headers, request: request)
    }

    /// The old wording of a secondary limit, as GitHub sent it (jcabi/jcabi-github #1325,
    /// openshift/release #6463), key order and layout included.
    static let abuseDetectionBody = Array(
        """
        {
          "documentation_url": "https://developer.github.com/v3/#abuse-rate-limits",
          "message": "You have triggered an abuse detection mechanism. Please wait a few minutes before you try again."
        }

        """.utf8)

    private func statusFault(_ code: Int, request: Request, ticket: FakeState.Ticket) -> Response {
        // Informational and out-of-range codes would break HTTP framing; serve 500 instead.
        let status = HTTPResponse.Status(code: (200...599).contains(code) ? code : 500)
        let headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
        if status.code == 204 || status.code == 304 {
            return Response(status: status, headers: headers)
        }
        let message = switch status.code {
        case 401: "Bad credentials"
        case 404: "Not Found"
        case 422: "Validation Failed"
        case 500...599: "Server Error"
        default: status.reasonPhrase
        }
        return jsonResponse(status, body: UserJSON.error(message: message), headers: headers, request: request)
    }

    /// Status and headers, then half of the body, then the connection closes.
    private func partial(_ rendered: Rendered, declaringLength: Bool, request: Request, ticket: FakeState.Ticket) -> Response {
        var headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
        headers[.contentType] = "application/json; charset=utf-8"
        if declaringLength { headers[.contentLength] = String(rendered.body.count) }
        if let link = rendered.link { headers[.link] = link }
        let half = ByteBuffer(bytes: rendered.body.prefix(max(1, rendered.body.count / 2)))
        return Response(status: rendered.status, headers: headers, body: ResponseBody { writer in
            try await writer.write(half)
            throw ConnectionDropped()
        })
    }

    /// Thrown by a response body to make Hummingbird close the connection mid-response.
    private struct ConnectionDropped: Error {}

    // MARK: - Headers

    /// The rate-limit window of the request's token (the anonymous one without a token), not counting it.
    func snapshot(for request: Request) -> RateLimitWindow.Snapshot {
        backend.rateLimitSnapshot(token: request.headers[.authorization])
    }

    /// The headers of every API answer: rate limit, API version, media type, caching.
    func apiHeaders(_ rate: RateLimitWindow.Snapshot, request: Request, ticket: FakeState.Ticket) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = (request.headers[.authorization] == nil ? "public" : "private") + ", max-age=60, s-maxage=60"
        // GitHub's answers vary by encoding too: `vary: Accept,Accept-Encoding, Accept, X-Requested-With`
        // in the captured headers of `GET /users`.
        headers[.vary] = "Accept, Authorization, Cookie, X-GitHub-OTP, Accept-Encoding, Accept, X-Requested-With"
        headers[.rateLimitLimit] = String(rate.limit)
        headers[.rateLimitRemaining] = String(rate.remaining)
        headers[.rateLimitUsed] = String(rate.used)
        headers[.rateLimitReset] = String(rate.reset)
        headers[.rateLimitResource] = "core"
        headers[.gitHubAPIVersionSelected] = request.headers[.gitHubAPIVersion].flatMap { Self.supportedAPIVersions.contains($0) ? $0 : nil }
            ?? Self.defaultAPIVersion
        headers[.gitHubMediaType] = "github.v3; format=json"
        headers[.gitHubRequestID] = "FAKE:\(ticket.sequence)"
        // A classic token's scopes, on every answer ("Scopes for OAuth apps").
        if let authorization = request.headers[.authorization] {
            headers[.oauthScopes] = TokenScopes(authorization: authorization, configuration: backend.configuration).header
        }
        return headers
    }

    private static let unicornPage = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Unicorn! &middot; GitHub</title></head>
        <body><h1>Unicorn!</h1><p>This page is taking too long to load.</p>
        <p>Sorry about that. Please try refreshing and contact us if the problem persists.</p></body></html>

        """
}
