import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every request of the fake: the GitHub users API, avatars, and the `/_fake/`
/// control endpoints.
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

    let backend: FakeBackend
    /// Called by `POST /_fake/refuse` once its response is written.
    let onRefuse: @Sendable (Duration) -> Void

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        if path == "/_fake" || path.hasPrefix("/_fake/") {
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
            backend.record(status: Int(response.status.code), for: ticket)
            return tracked(response, ticket: ticket)
        }
    }

    private func route(_ request: Request, path: String, context: Context, ticket: FakeState.Ticket) async throws -> Reply {
        let segments = path.split(separator: "/")
        guard request.method == .get, let first = segments.first else { return .response(notFound()) }
        if first == "users", segments.count == 1 {
            return try await api(listRequest(request.queryDictionary), request: request, context: context, ticket: ticket)
        }
        if first == "users", segments.count == 2 {
            return try await api(.user(login: String(segments[1])), request: request, context: context, ticket: ticket)
        }
        if first == "avatars", segments.count == 3, segments[1] == "u" {
            return try await avatarReply(id: String(segments[2]), request: request, context: context)
        }
        return .response(notFound())
    }

    private func notFound() -> Response {
        jsonResponse(.notFound, body: UserJSON.error(message: "Not Found"), headers: [:])
    }

    // MARK: - Accounting

    private func begin(_ request: Request, path: String, channel: any Channel) -> FakeState.Ticket {
        var headers: [String: String] = [:]
        for name in [HTTPField.Name.authorization, .ifNoneMatch, .userAgent, .accept, .gitHubAPIVersion] {
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

    func jsonResponse(_ status: HTTPResponse.Status, body: [UInt8], headers: HTTPFields) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
