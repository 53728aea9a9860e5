import Foundation
import CompressNIO
import NIOCore

/// `Content-Encoding: gzip` for API bodies, as GitHub sends them to a client that accepts it.
///
/// GitHub compresses: the captured unauthenticated `GET /users` has `content-encoding: gzip`
/// and `vary: Accept,Accept-Encoding, …` (../shared/fixtures/github/users-since-0.captured.headers.json);
/// Daskiworks/ghwatch #97 measured a response fall "from 258kB to 16kB" with
/// `Accept-Encoding: gzip`.
enum Gzip {
    /// Whether an `Accept-Encoding` value accepts gzip (RFC 9110 §12.5.3): `gzip` or `x-gzip`,
    /// or `*`, listed without `q=0`.
    static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, ["gzip", "x-gzip", "*"].contains(coding) else { continue }
            let refused = parts.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return pair.count == 2 && pair[0] == "q" && (Double(pair[1]) ?? 1) == 0
            }
            if !refused { return true }
        }
        return false
    }

    /// `bytes` as a gzip stream (RFC 1952), or `nil` if zlib fails.
    static func compress(_ bytes: [UInt8]) -> ByteBuffer? {
        var input = ByteBuffer(bytes: bytes)
        return try? input.compress(with: .gzip())
    }
}
