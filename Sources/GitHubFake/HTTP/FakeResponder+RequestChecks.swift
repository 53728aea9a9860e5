import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What GitHub refuses before an API request reaches the API: no `User-Agent`, an
/// `X-GitHub-Api-Version` it does not know, a bad token. Refusals cost no rate limit and take
/// no injected fault.
extension FakeResponder {
    /// The REST API versions the fake knows, newest first: `2022-11-28` (GitHub Docs, "API
    /// Versions", https://docs.github.com/en/rest/about-the-rest-api/api-versions) and
    /// `2026-03-10` (the same page for GitHub Enterprise Server 3.20).
    static let supportedAPIVersions = ["2026-03-10", "2022-11-28"]
    /// The version of a request without `X-GitHub-Api-Version` ("Requests without the
    /// `X-GitHub-Api-Version` header will default to use the `2022-11-28` version", "API Versions").
    static let defaultAPIVersion = "2022-11-28"

    /// The refusal of `request`, or `nil` when the API may answer it.
    func refusal(of request: Request, ticket: FakeState.Ticket) -> Response? {
        let userAgent = request.headers[.userAgent]?.trimmingCharacters(in: .whitespaces) ?? ""
        if userAgent.isEmpty { return userAgentRequired() }
        if let version = request.headers[.gitHubAPIVersion], !Self.supportedAPIVersions.contains(version) {
            return unsupportedVersion(version, request: request, ticket: ticket)
        }
        if let authorization = request.headers[.authorization], isBadToken(authorization) {
            return badCredentials(request: request, ticket: ticket)
        }
        return nil
    }

    /// Whether GitHub would refuse this `Authorization` value: its token (after `Bearer ` or
    /// `token `) is one of ``FakeConfiguration/badTokens`` or starts with `bad`.
    func isBadToken(_ authorization: String) -> Bool {
        var token = Substring(authorization)
        for scheme in ["bearer ", "token "] where token.lowercased().hasPrefix(scheme) {
            token = token.dropFirst(scheme.count)
        }
        token = token.drop(while: { $0 == " " })
        return token.hasPrefix("bad") || backend.configuration.badTokens.contains(String(token))
    }

    /// 403 for a request without `User-Agent`. GitHub Docs, "Getting started with the REST API"
    /// (https://docs.github.com/en/rest/using-the-rest-api/getting-started-with-the-rest-api#user-agent):
    /// "Requests with no `User-Agent` header will be rejected"; the historical "User agent
    /// required" section showed `HTTP/1.0 403 Forbidden`, `Connection: close`,
    /// `Content-Type: text/html`; the body as GitHub sends it today, captured in github/docs
    /// #42308 (2026-01-09) with `curl -A '' 'https://api.github.com/'`.
    private func userAgentRequired() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html"
        headers[.connection] = "close"
        let body = "Request forbidden by administrative rules. Please make sure your request has a User-Agent header "
            + "(https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). "
            + "Check https://developer.github.com for other possible causes.\n"
        return Response(status: .forbidden, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// 400 for an API version GitHub does not know. GitHub Docs, "API Versions" (the version of
    /// the page still served in translations, e.g. https://docs.github.com/ja/rest/overview/api-versions):
    /// a version that is not supported gets a 400 error. The message is GitHub's, captured in
    /// expipiplus1/update-nix-fetchgit #79 for `v3`: "The version you specified in the
    /// "X-GitHub-API-Version" request header, "v3", is not a supported version. The following
    /// versions are currently supported: "2022-11-28" (most recent)." (with the documentation
    /// URL `https://docs.github.com/rest`); the list here names both versions the fake knows.
    private func unsupportedVersion(_ version: String, request: Request, ticket: FakeState.Ticket) -> Response {
        let supported = Self.supportedAPIVersions.enumerated()
            .map { index, name in "\"\(name)\"" + (index == 0 ? " (most recent)" : "") }
            .joined(separator: ", ")
        let message = "The version you specified in the \"X-GitHub-API-Version\" request header, \"\(version)\", is not a supported version. "
            + "The following versions are currently supported: \(supported)."
        let headers = apiHeaders(snapshot(for: request), request: request, ticket: ticket)
        return jsonResponse(.badRequest, body: UserJSON.error(message: message, status: 400), headers: headers, request: request)
    }

    /// 401 with GitHub's body, `{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}`
    /// (anmol098/waka-readme-stats #506, WolfgangFahl/nicegui_widgets #99), and the headers of
    /// the window without a token.
    private func badCredentials(request: Request, ticket: FakeState.Ticket) -> Response {
        let headers = apiHeaders(backend.rateLimitSnapshot(token: nil), request: request, ticket: ticket)
        return jsonResponse(.unauthorized, body: UserJSON.error(message: "Bad credentials", status: 401), headers: headers, request: request)
    }
}
