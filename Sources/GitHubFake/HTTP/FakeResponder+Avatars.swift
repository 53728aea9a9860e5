import Foundation
import Hummingbird
import NIOCore

/// `GET /avatars/u/{id}?s=SIZE`: identicon PNGs (or JPEG and GIF, ``AvatarFormat``) with weak
/// ETags; expiring `jwt` URLs; the sign-in wall of a private-mode Enterprise server.
extension FakeResponder {
    /// The `avatar_url` of user `id` in lists and profiles: `BASE/avatars/u/ID?v=4`, at
    /// ``AvatarFault/refusingBaseURL`` for an ``AvatarFault/refusingHost``, and with a `jwt` for
    /// ``FakeConfiguration/expiringAvatarIDs`` (GitHub's
    /// `https://private-avatars.githubusercontent.com/u/ID?jwt=…&v=4`, gitpod-io/gitpod #20461).
    func avatarURL(_ id: Int, baseURL apiBaseURL: String) -> String {
        let configuration = backend.configuration
        // GitHub serves avatars from another host than the API (avatars.githubusercontent.com in
        // every captured avatar_url, Resources' users-since-0).
        let baseURL = backend.avatarBaseURL ?? apiBaseURL
        if configuration.avatarFaults[id] == .refusingHost { return "\(AvatarFault.refusingBaseURL)/avatars/u/\(id)?v=4" }
        guard configuration.expiringAvatarIDs.contains(id) else { return "\(baseURL)/avatars/u/\(id)?v=4" }
        let token = AvatarToken.current(
            id: id, now: backend.avatarTokenNow(), lifetime: Int(configuration.avatarTokenLifetime.components.seconds),
            secret: backend.avatarTokenSecret)
        return "\(baseURL)/avatars/u/\(id)?jwt=\(token)&v=4"
    }

    /// The avatar route: ``FakeConfiguration/avatarLatency`` first, then the faults that are
    /// about the connection (a hang, a drop mid-body), then ``avatar(id:request:)``.
    func avatarReply(id rawID: String, request: Request, context: Context) async throws -> Reply {
        if backend.configuration.avatarLatency > .zero {
            try await shutdown.sleep(for: backend.configuration.avatarLatency)
        }
        if backend.configuration.avatarSignInWall { return .response(signInRedirect(request)) }
        switch Int(rawID).flatMap({ backend.configuration.avatarFaults[$0] }) {
        case .hang:
            // Until the client closes the connection (the handler is then cancelled), the server
            // shuts down, or 10 minutes.
            try? await shutdown.sleep(for: .seconds(600))
            try? await context.channel.close()
            return .dropped
        case .dropMidBody:
            let png = IdenticonRenderer.png(id: Int(rawID) ?? 1, size: 40)
            var headers = HTTPFields()
            headers[.contentType] = "image/png"
            let half = ByteBuffer(bytes: png.prefix(png.count / 2))
            return .response(Response(status: .ok, headers: headers, body: ResponseBody { writer in
                try await writer.write(half)
                throw AvatarDropped()
            }))
        default:
            return .response(avatar(id: rawID, request: request))
        }
    }

    /// The avatar of a user of the population, `s` × `s` pixels (460 by default, clamped to
    /// 1...460); 304 when `If-None-Match` matches; 404 for an unknown id, and for a `jwt` that
    /// is expired, forged or another user's.
    func avatar(id rawID: String, request: Request) -> Response {
        guard let id = Int(rawID), backend.population.contains(id: id) else { return avatarNotFound() }
        // "If it's omitted, invalid, or when the underlying JWT expires, we get a 404" on the
        // private-avatars host, while the plain URL "without" a jwt keeps working (gitpod-io/gitpod #20461).
        if let jwt = request.queryDictionary["jwt"],
            !AvatarToken.isValid(jwt, id: id, now: backend.avatarTokenNow(), secret: backend.avatarTokenSecret)
        {
            return avatarNotFound()
        }
        if let fault = backend.configuration.avatarFaults[id], fault != .refusingHost {
            return faultyAvatar(fault)
        }
        if let format = backend.configuration.avatarFormats[id], format != .png {
            return fixedAvatar(format == .jpeg ? backend.fixtures.jpegAvatar : backend.fixtures.gifAvatar, format: format, request: request)
        }
        let requested = request.queryDictionary["s"].flatMap { Int($0) } ?? IdenticonRenderer.maxSize
        let size = min(IdenticonRenderer.maxSize, max(1, requested))
        if let files = backend.configuration.avatarFiles[id], let file = files[size] ?? files.max(by: { $0.key < $1.key })?.value {
            var headers = HTTPFields()
            headers[.contentType] = "image/png"
            headers[.eTag] = ETag.weak(of: file)
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file)))
        }
        // The image is a function of id, size and drawing version, so the tag is too: a 304
        // does not need to draw the image.
        let etag = ETag.weak(of: "avatar:\(id):\(size):v\(IdenticonRenderer.version)".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[.cacheControl] = "max-age=300"
        headers[.eTag] = etag
        if ETag.ifNoneMatch(request.headers[.ifNoneMatch], matches: etag) {
            return Response(status: .notModified, headers: headers)
        }
        let png = IdenticonRenderer.png(id: id, size: size)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    private func avatarNotFound() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "Not Found\n")))
    }

    /// A shipped JPEG or GIF, whatever the size asked; 304 when `If-None-Match` matches.
    private func fixedAvatar(_ bytes: [UInt8], format: AvatarFormat, request: Request) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = format == .jpeg ? "image/jpeg" : "image/gif"
        headers[.cacheControl] = "max-age=300"
        headers[.eTag] = ETag.weak(of: bytes)
        if ETag.ifNoneMatch(request.headers[.ifNoneMatch], matches: headers[.eTag]!) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    // MARK: - Sign-in wall

    /// A private-mode GitHub Enterprise Server: "In private mode, GitHub Enterprise Server
    /// requires every user to sign in to access the installation" (GitHub Docs, "Enabling
    /// private mode", https://docs.github.com/en/enterprise-server@latest/admin/configuring-settings/hardening-security-for-your-enterprise/enabling-private-mode);
    /// an avatar without a browser session gets "the login page HTML" instead of the image, and
    /// "cannot be fetched using a bearer token" (Reviewable/Reviewable #770;
    /// ojacques/mkdocs-git-committers-plugin-2 #58: "I get a "please login" page"). So every
    /// avatar request, with a token or not, answers 302 to the sign-in page.
    private func signInRedirect(_ request: Request) -> Response {
        let base = baseURL(of: request)
        let original = base + request.uri.description
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let returnTo = original.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let location = "\(base)/login?return_to=\(returnTo)"
        var headers = HTTPFields()
        headers[.location] = location
        headers[.contentType] = "text/html; charset=utf-8"
        let body = "<html><body>You are being <a href=\"\(location)\">redirected</a>.</body></html>"
        return Response(status: .found, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// `GET /login`: a sign-in page, `200 text/html`.
    func signInPage() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        let page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Sign in to your account · GitHub Enterprise (github-fake)</title></head>
            <body><form action="/session" method="post">
            <label for="login_field">Username or email address</label><input type="text" name="login" id="login_field">
            <label for="password">Password</label><input type="password" name="password" id="password">
            <input type="submit" name="commit" value="Sign in">
            </form></body></html>

            """
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }

    private func faultyAvatar(_ fault: AvatarFault) -> Response {
        var body = ByteBuffer(bytes: PNGEncoder.signature)
        switch fault {
        case .status(let code):
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            let status = HTTPResponse.Status(code: code)
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(status.reasonPhrase)\n")))
        case .oversized(let bytes):
            body.writeRepeatingByte(0, count: max(0, bytes - body.readableBytes))
        case .refusingHost, .hang, .dropMidBody:
            break  // answered by avatarReply, or served elsewhere
        case .hugeDimensions(let width, let height):
            var header: [UInt8] = []
            header.appendBigEndian(UInt32(width))
            header.appendBigEndian(UInt32(height))
            header.append(contentsOf: [8, 6, 0, 0, 0])  // 8-bit RGBA, deflate, no interlace
            var chunks: [UInt8] = []
            PNGEncoder.appendChunk("IHDR", header, to: &chunks)
            body.writeBytes(chunks)
            body.writeBytes([0x00, 0x10, 0x00, 0x00] + Array("IDAT".utf8) + [0x78, 0x9C])  // 1 MiB promised, 2 bytes sent
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}

/// Thrown by an avatar body to make Hummingbird close the connection mid-response.
private struct AvatarDropped: Error {}
