/// Weak entity tags, `W/"<16 hex digits>"`, from a 64-bit FNV-1a hash.
///
/// A test server needs tags that change when the body changes and are cheap to compute;
/// it does not need a cryptographic hash.
enum ETag {
    /// The weak tag of these bytes.
    static func weak(of bytes: some Sequence<UInt8>) -> String {
        format(fnv1a(bytes))
    }

    /// The weak tag of a body served to a request with this `Authorization` value: the tag of
    /// the body alone without one, a different tag for each token. GitHub's ETags are "auth
    /// token specific" (GitHub Support, quoted in eclipse-csi/otterdog #201; github/docs #34689:
    /// "When a different access token is used a different etag is returned").
    static func weak(of bytes: some Sequence<UInt8>, authorization: String?) -> String {
        guard let authorization else { return weak(of: bytes) }
        var hash = fnv1a(bytes)
        hash = fnv1a([0] + Array(authorization.utf8), seed: hash)
        return format(hash)
    }

    /// 64-bit FNV-1a, continuing from `seed`.
    static func fnv1a(_ bytes: some Sequence<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func format(_ hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return "W/\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Whether an `If-None-Match` header value matches `tag`, comparing weakly (RFC 9110 §13.1.2):
    /// `*`, or any listed tag equal to `tag` once the `W/` prefixes are ignored.
    static func ifNoneMatch(_ header: String?, matches tag: String) -> Bool {
        guard let header else { return false }
        let opaque = tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...]
        for candidate in header.split(separator: ",") {
            var trimmed = candidate.drop(while: { $0 == " " || $0 == "\t" })
            while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
            if trimmed == "*" { return true }
            if trimmed.hasPrefix("W/") { trimmed = trimmed.dropFirst(2) }
            if trimmed == opaque { return true }
        }
        return false
    }
}
