import AsyncHTTPClient
import Foundation
import NIOCore

extension FakeHarness {
    /// POSTs a GraphQL query with `variables` to the fake's `/graphql`, with `token` unless nil.
    func graphQL(
        _ query: String, variables: [String: Any] = [:], token: String? = "Bearer t1", headers: [String: String] = [:]
    ) async throws -> FakeResponse {
        var request = HTTPClientRequest(url: server.baseURL + "/graphql")
        request.method = .POST
        request.headers.add(name: "User-Agent", value: FakeHarness.userAgent)
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: token) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 32 << 20)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return FakeResponse(status: Int(response.status.code), headers: fields, body: Array(buffer: bytes))
    }

    /// The legacy node id GitHub gives user `id` (`base64("04:User<id>")`) or organization.
    static func nodeID(_ id: Int, organization: Bool = false) -> String {
        Data(((organization ? "012:Organization" : "04:User") + String(id)).utf8).base64EncodedString()
    }
}
