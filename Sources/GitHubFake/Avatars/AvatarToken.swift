import Foundation

/// The `jwt` of an expiring avatar URL (``FakeConfiguration/expiringAvatarIDs``), shaped as
/// GitHub's: `BASE64URL(header).BASE64URL(payload).BASE64URL(signature)`.
///
/// The header and payload are GitHub's, as decoded from the URL in gitpod-io/gitpod #20461:
/// `{"alg":"HS256","typ":"JWT"}` and
/// `{"iss":"github.com","aud":"raw.githubusercontent.com","key":"key1","exp":…,"nbf":…,"path":"/u/ID"}`.
/// GitHub issues a new token every 15 minutes, valid for 20 minutes after its generation
/// (a GitHub staff answer in https://github.com/orgs/community/discussions/147297), so tokens
/// are issued here every three quarters of the lifetime, and the same token is served until the
/// next issue (a page's ETag changes only then). The signature is a 64-bit FNV-1a keyed with the
/// server's secret, not HMAC-SHA256: nothing outside the fake verifies it.
enum AvatarToken {
    /// The token served now for the avatar of `id`.
    static func current(id: Int, now: Int, lifetime: Int, secret: UInt64) -> String {
        let lifetime = max(1, lifetime)
        let interval = max(1, lifetime * 3 / 4)
        let issued = now - now % interval
        return make(id: id, notBefore: issued, expires: issued + lifetime, secret: secret)
    }

    /// Whether `token` is a token of this server for the avatar of `id`, valid at `now`.
    static func isValid(_ token: String, id: Int, now: Int, secret: UInt64) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[2] == signature(of: parts[0] + "." + parts[1], secret: secret),
            let payload = decode(parts[1]),
            let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
            let expires = claims["exp"] as? Int, let notBefore = claims["nbf"] as? Int,
            claims["path"] as? String == "/u/\(id)"
        else { return false }
        return notBefore <= now && now < expires
    }

    static func make(id: Int, notBefore: Int, expires: Int, secret: UInt64) -> String {
        let header = encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = encode(
            Array(
                #"{"iss":"github.com","aud":"raw.githubusercontent.com","key":"key1","exp":\#(expires),"nbf":\#(notBefore),"path":"/u/\#(id)"}"#
                    .utf8))
        return header + "." + payload + "." + signature(of: header + "." + payload, secret: secret)
    }

    private static func signature(of text: String, secret: UInt64) -> String {
        var key: [UInt8] = []
        key.appendBigEndian(UInt32(truncatingIfNeeded: secret >> 32))
        key.appendBigEndian(UInt32(truncatingIfNeeded: secret))
        let hash = ETag.fnv1a(key + Array(text.utf8))
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: hash >> 32))
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: hash))
        return encode(bytes)
    }

    /// Base64url without padding (RFC 7515 §2).
    private static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
