import Foundation
import Hummingbird
import NIOCore

/// The `/_fake/` control endpoints, for scripts and for tests in another process. They are
/// not counted in the stats and never get faults.
///
/// - `POST /_fake/fault?kind=KIND[&count=N][&…]`: queue a fault (see ``Fault/init(controlQuery:)``).
/// - `POST /_fake/graphql-fault?kind=secondaryRateLimit|timeout[&status=S][&retry_after=N][&count=N]`:
///   queue a GraphQL fault (``GraphQLFault``; `status` 200 or 403 for a secondary limit, 502
///   or 504 for a timeout).
/// - `GET /_fake/stats`: ``FakeStats`` as JSON.
/// - `POST /_fake/reset`: clear faults and stats, start a fresh rate-limit window.
/// - `POST /_fake/refuse?seconds=N`: refuse connections for N seconds (decimals allowed), then listen again.
/// - `POST /_fake/rename?id=ID&login=LOGIN`: rename a user.
/// - `POST /_fake/delete?id=ID`: delete (or suspend) an account; `POST /_fake/restore?id=ID` brings it back.
/// - `POST /_fake/name?login=LOGIN[&name=NAME]`: change (or, without `name`, null) a user's name.
/// - `POST /_fake/command` with a ``FakeCommand`` as JSON: any change a test makes in process.
extension FakeResponder {
    func control(_ request: Request, path: String) async throws -> Response {
        let query = request.queryDictionary
        let command = path.dropFirst("/_fake".count).trimmingPrefix("/")
        let isPost = request.method == .post
        switch (command, isPost) {
        case ("stats", _) where request.method == .get:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return controlResponse(.ok, body: Array(try encoder.encode(backend.stats)))

        case ("fault", true):
            let count = query["count"].flatMap { Int($0) } ?? 1
            guard count >= 1 else { return controlError(.badRequest, "count must be a whole number of at least 1.") }
            do throws(Fault.QueryError) {
                let fault = try Fault(controlQuery: query)
                backend.inject(fault, count: count)
                return controlMessage(.ok, "Queued \(count) x \(fault).")
            } catch {
                return controlError(.badRequest, error.message)
            }

        case ("graphql-fault", true):
            let count = query["count"].flatMap { Int($0) } ?? 1
            let retryAfter = query["retry_after"].flatMap { Int($0) }
            let status = query["status"].flatMap { Int($0) }
            let fault: GraphQLFault
            switch (query["kind"] ?? "").lowercased() {
            case "secondaryratelimit" where [nil, 200, 403].contains(status): fault = .secondaryRateLimit(status: status ?? 200, retryAfter: retryAfter)
            case "timeout" where [nil, 502, 504].contains(status): fault = .timeout(status: status ?? 502)
            default:
                return controlError(.badRequest, "kind must be secondaryRateLimit (status 200 or 403) or timeout (status 502 or 504).")
            }
            guard count >= 1 else { return controlError(.badRequest, "count must be a whole number of at least 1.") }
            backend.inject(fault, count: count)
            return controlMessage(.ok, "Queued \(count) x \(fault).")

        case ("command", true):
            let body = try await request.body.collect(upTo: 64 << 20)  // a hostile profile text of megabytes
            guard let command = try? JSONDecoder().decode(FakeCommand.self, from: Data(body.readableBytesView)) else {
                return controlError(.badRequest, "The body must be a FakeCommand as JSON.")
            }
            backend.apply(command)
            return controlMessage(.ok, "Done: \(command).")

        case ("reset", true):
            backend.reset()
            return controlMessage(.ok, "Faults and stats cleared, rate limit restarted.")

        case ("refuse", true):
            guard let seconds = query["seconds"].flatMap({ Double($0) }), seconds >= 0, seconds <= 3_600 else {
                return controlError(.badRequest, "seconds must be a number from 0 to 3600.")
            }
            let duration = Duration.milliseconds(Int64((seconds * 1_000).rounded()))
            let onRefuse = self.onRefuse
            var response = controlMessage(.accepted, "Refusing connections for \(seconds) s.")
            response.headers[.connection] = "close"
            let body = response.body
            // Refuse only once this answer is written, so the caller gets it.
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                try await body.write(writer)
                onRefuse(duration)
            }
            return response

        case ("rename", true):
            guard let id = query["id"].flatMap({ Int($0) }), let login = query["login"], !login.isEmpty else {
                return controlError(.badRequest, "rename needs id=ID and login=LOGIN.")
            }
            backend.renameUser(id: id, to: login)
            return controlMessage(.ok, "User \(id) is now \(login).")

        case ("delete", true), ("restore", true):
            guard let id = query["id"].flatMap({ Int($0) }) else {
                return controlError(.badRequest, "\(command) needs id=ID.")
            }
            guard backend.population.contains(id: id) else {
                return controlError(.notFound, "No user has id \(id).")
            }
            if command == "delete" {
                backend.deleteUser(id: id)
                return controlMessage(.ok, "User \(id) is deleted: not listed, 404 by login and by id.")
            }
            backend.restoreUser(id: id)
            return controlMessage(.ok, "User \(id) is restored.")

        case ("name", true):
            guard let login = query["login"], !login.isEmpty else {
                return controlError(.badRequest, "name needs login=LOGIN and optionally name=NAME.")
            }
            backend.setProfileText(login: login, field: .name, to: query["name"])
            return controlMessage(.ok, "Name of \(login) changed.")

        case ("stats", _), ("fault", false), ("graphql-fault", false), ("reset", false), ("refuse", false), ("rename", false), ("name", false),
            ("delete", false), ("restore", false), ("command", false):
            return controlError(.methodNotAllowed, "Use \(command == "stats" ? "GET" : "POST") for /_fake/\(command).")

        default:
            return controlError(.notFound, "Unknown control endpoint; use /_fake/fault, graphql-fault, stats, reset, refuse, rename, delete, restore, name or command.")
        }
    }

    private func controlMessage(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        writer.field("message", message)
        writer.endObject()
        return controlResponse(status, body: writer.bytes)
    }

    private func controlError(_ status: HTTPResponse.Status, _ message: String) -> Response {
        controlMessage(status, message)
    }

    private func controlResponse(_ status: HTTPResponse.Status, body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
