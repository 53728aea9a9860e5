import Hummingbird
import NIOCore

/// `GET /avatars/u/{id}?s=SIZE`: identicon PNGs with weak ETags.
extension FakeResponder {
    /// Where the avatar of `id` is served when not by this fake (``AvatarFault/refusingHost``).
    func avatarBase(_ id: Int) -> String? {
        backend.configuration.avatarFaults[id] == .refusingHost ? AvatarFault.refusingBaseURL : nil
    }

    /// The avatar route: ``FakeConfiguration/avatarLatency`` first, then the faults that are
    /// about the connection (a hang, a drop mid-body), then ``avatar(id:request:)``.
    func avatarReply(id rawID: String, request: Request, context: Context) async throws -> Reply {
        if backend.configuration.avatarLatency > .zero {
            try await Task.sleep(for: backend.configuration.avatarLatency)
        }
        switch Int(rawID).flatMap({ backend.configuration.avatarFaults[$0] }) {
        case .hang:
            // Until the client closes the connection (the handler is then cancelled), or 10 minutes.
            try? await Task.sleep(for: .seconds(600))
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
    /// 1...460); 304 when `If-None-Match` matches; 404 for an unknown id.
    func avatar(id rawID: String, request: Request) -> Response {
        guard let id = Int(rawID), backend.population.contains(id: id) else {
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "Not Found\n")))
        }
        if let fault = backend.configuration.avatarFaults[id], fault != .refusingHost {
            return faultyAvatar(fault)
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
