import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every request of the fake: the GitHub users API, avatars (and the sign-in page of
/// a walled avatar host), and the `/_fake/` control endpoints.
///
/// Each counted request (everything but `/_fake/`) is logged on arrival and stays in flight
/// until its response body is written or its connection closes.
struct FakeResponder: HTTPResponder {
    typealias Context = FakeRequestContext

    /// How a handler answers.
    enum Reply {
        /// Send this response; the log records its status.
        case response(Response)
        /// The connection was closed without a response.
        case dropped
    }

    /// What a listening port answers.
    enum Role: Sendable {
        /// Everything: the API, avatars, the sign-in page and the control endpoints.
        case api
        /// Only avatars and the sign-in page (``FakeConfiguration/separateAvatarHost``); 404 else.
        case avatars
    }

    let backend: FakeBackend
    /// What this port answers.
    let role: Role
    /// Fired when this port's application shuts down: every wait of a handler ends then.
    let shutdown: ShutdownSignal
    /// Called by `POST /_fake/refuse` once its response is written.
    let onRefuse: @Sendable (Duration) -> Void

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        if role == .api, path == "/_fake" || path.hasPrefix("/_fake/") {
            return try await control(request, path: path)
        }
        let ticket = begin(request, path: path, channel: context.channel)
        let reply: Reply
        do {
            reply = try await route(request, path: path, context: context, ticket: ticket)
        } catch {
            backend.finish(ticket)
            throw error
        }
        switch reply {
        case .dropped:
            // The write of this placeholder fails on the closed channel; closing finishes the ticket.
            return Response(status: .ok)
        case .response(let response):
            backend.record(status: Int(response.status.code), compressed: response.headers[.contentEncoding] == "gzip", for: ticket)
            return tracked(response, ticket: ticket)
        }
    }

    private func route(_ request: Request, path: String, context: Context, ticket: FakeState.Ticket) async throws -> Reply {
        if role == .api, Self.isGraphQL(path) { return try await graphQL(request, ticket: ticket) }
        let segments = path.split(separator: "/")
        guard request.method == .get, let first = segments.first else { return .response(notFound(request)) }
        if first == "avatars", segments.count == 3, segments[1] == "u" {
            return try await avatarReply(id: String(segments[2]), request: request, context: context)
        }
        if first == "login", segments.count == 1 {
            return .response(signInPage())
        }
        guard role == .api else { return .response(notFound(request)) }
        if first == "users", segments.count == 1 {
            return try await api(listRequest(request.queryDictionary), request: request, context: context, ticket: ticket)
        }
        if first == "users", segments.count == 2 {
            return try await api(.user(login: String(segments[1])), request: request, context: context, ticket: ticket)
        }
        if first == "search", segments.count == 2, segments[1] == "users" {
            return searchUsers(request, ticket: ticket)
        }
        if first == "user", segments.count == 2 {
            return try await api(.account(id: String(segments[1])), request: request, context: context, ticket: ticket)
        }
        return .response(notFound(request))
    }

    private func notFound(_ request: Request) -> Response {
        jsonResponse(.notFound, body: UserJSON.error(message: "Not Found"), headers: [:], request: request)
    }

    // MARK: - Accounting

    private func begin(_ request: Request, path: String, channel: any Channel) -> FakeState.Ticket {
        var headers: [String: String] = [:]
        for name in [HTTPField.Name.authorization, .ifNoneMatch, .userAgent, .accept, .acceptEncoding, .gitHubAPIVersion, .nextGlobalID] {
            if let value = request.headers[name] { headers[name.canonicalName] = value }
        }
        let entry = LoggedRequest(method: request.method.rawValue, path: path, query: request.queryDictionary, headers: headers)
        let client = channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "unknown"
        let connection = ObjectIdentifier(channel)
        let (ticket, watch) = backend.begin(entry, client: client, connection: connection)
        if watch {
            let backend = self.backend
            channel.closeFuture.whenComplete { _ in backend.connectionClosed(connection) }
        }
        return ticket
    }

    /// Wraps the body so that the request leaves ``FakeStats/inFlight`` once it is written.
    private func tracked(_ response: Response, ticket: FakeState.Ticket) -> Response {
        var response = response
        let body = response.body
        let backend = self.backend
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            do {
                try await body.write(writer)
                backend.finish(ticket)
            } catch {
                backend.finish(ticket)
                throw error
            }
        }
        return response
    }

    // MARK: - Building responses

    /// The base URL the client used (from `Host`), for links and avatar URLs.
    func baseURL(of request: Request) -> String {
        request.head.authority.map { "http://" + $0 } ?? backend.baseURL
    }

    /// A JSON answer; its body gzip-compressed (`Content-Encoding: gzip`) when the request
    /// accepts gzip, as GitHub's API answers are (see ``Gzip``).
    func jsonResponse(_ status: HTTPResponse.Status, body: [UInt8], headers: HTTPFields, request: Request) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        if !body.isEmpty, Gzip.isAccepted(by: request.headers[.acceptEncoding]), let compressed = Gzip.compress(body) {
            fields[.contentEncoding] = "gzip"
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: compressed))
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
