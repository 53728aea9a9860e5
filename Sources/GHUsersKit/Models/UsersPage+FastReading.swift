import Foundation

extension UsersPage {
    /// The users of a `GET /users` body read straight from its bytes, when the body is the
    /// common case: a JSON array of objects, each with the nine fields ``User`` reads present
    /// at most once with the right types (`node_id`, `gravatar_id`, `html_url` and
    /// `user_view_type` may be `null` or absent), ASCII text
    /// without escapes, integers without fraction or exponent. `nil` for anything else, and then
    /// `JSONDecoder` reads the body item by item as before: this reader never accepts a body that
    /// `JSONDecoder` would read differently (`UsersPageFastReadingTests` checks it against
    /// `JSONDecoder` on real pages and generated and damaged ones).
    ///
    /// `JSONDecoder` builds a map of the whole document and then a `User` through keyed
    /// containers: about 0.4 ms for a page of 30 (Docs/BENCHMARKS.md); this reader is one pass.
    static func fastUsers(in data: Data) -> [User]? {
        data.withUnsafeBytes { bytes in
            var reader = FastPageReader(bytes: bytes)
            return reader.users()
        }
    }
}

/// A one-pass reader of the common shape of a users page; every method returns `nil` or
/// `false` at the first byte it is not sure of.
private struct FastPageReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func users() -> [User]? {
        skipWhitespace()
        guard take(UInt8(ascii: "[")) else { return nil }
        var users: [User] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return end() ? users : nil }
        while true {
            skipWhitespace()
            guard let user = user() else { return nil }
            users.append(user)
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "]")) else { return nil }
            return end() ? users : nil
        }
    }

    private enum Field: Int {
        case id, login, nodeID, avatarURL, gravatarID, htmlURL, type, siteAdmin, userViewType
    }

    private static let names: [(name: [UInt8], field: Field)] = [
        (Array("id".utf8), .id), (Array("login".utf8), .login), (Array("node_id".utf8), .nodeID),
        (Array("avatar_url".utf8), .avatarURL), (Array("html_url".utf8), .htmlURL), (Array("type".utf8), .type),
        (Array("site_admin".utf8), .siteAdmin), (Array("gravatar_id".utf8), .gravatarID),
        (Array("user_view_type".utf8), .userViewType),
    ]

    /// One object with the fields of a ``User``; other fields are checked and skipped.
    private mutating func user() -> User? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var seen: UInt16 = 0  // a bit per field: a repeated one is left to JSONDecoder
        var id: Int64?
        var login: String?
        var nodeID: String?
        var avatarURL: String?
        var gravatarID: String?
        var htmlURL: String?
        var userViewType: String?
        var type: String?
        var siteAdmin: Bool?
        skipWhitespace()
        if !take(UInt8(ascii: "}")) {
            while true {
                skipWhitespace()
                guard let key = stringBytes() else { return nil }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipWhitespace()
                if let field = Self.names.first(where: { $0.name.elementsEqual(key) })?.field {
                    guard seen & (1 << field.rawValue) == 0 else { return nil }
                    seen |= 1 << field.rawValue
                    switch field {
                    case .id: guard let value = integer() else { return nil }; id = value
                    case .login: guard let value = string() else { return nil }; login = value
                    case .avatarURL: guard let value = string() else { return nil }; avatarURL = value
                    case .type: guard let value = string() else { return nil }; type = value
                    case .nodeID: guard let value = optionalString() else { return nil }; nodeID = value
                    case .htmlURL: guard let value = optionalString() else { return nil }; htmlURL = value
                    case .gravatarID: guard let value = optionalString() else { return nil }; gravatarID = value
                    case .userViewType: guard let value = optionalString() else { return nil }; userViewType = value
                    case .siteAdmin: guard let value = bool() else { return nil }; siteAdmin = value
                    }
                } else {
                    guard skipValue(depth: 0) else { return nil }
                }
                skipWhitespace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        guard let id, let login, let avatarURL, let type, let siteAdmin else { return nil }
        return User(
            id: id, login: login, nodeID: nodeID, avatarURL: avatarURL, gravatarID: gravatarID, htmlURL: htmlURL,
            type: type, siteAdmin: siteAdmin, userViewType: userViewType)
    }

    private func end() -> Bool {
        var copy = self
        copy.skipWhitespace()
        return copy.index == bytes.count
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// The bytes of a string of printable ASCII without escapes.
    private mutating func stringBytes() -> UnsafeRawBufferPointer.SubSequence? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return bytes[start..<index - 1]
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    private mutating func string() -> String? {
        stringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// A string or `null` (`.some(nil)`); `nil` for anything else.
    private mutating func optionalString() -> String?? {
        if take("null") { return .some(nil) }
        return string().map { .some($0) }
    }

    private mutating func bool() -> Bool? {
        if take("true") { return true }
        if take("false") { return false }
        return nil
    }

    /// An integer without sign, fraction or exponent, or a negative one, that fits in 18 digits.
    private mutating func integer() -> Int64? {
        let negative = take(UInt8(ascii: "-"))
        let start = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            guard index - start < 18 else { return nil }
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
        return negative ? -value : value
    }

    /// Skips a value of a field ``User`` does not read: strings as above, numbers, literals,
    /// and arrays and objects of them up to 32 levels deep.
    private mutating func skipValue(depth: Int) -> Bool {
        guard depth < 32, index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return stringBytes() != nil
        case UInt8(ascii: "t"): return take("true")
        case UInt8(ascii: "f"): return take("false")
        case UInt8(ascii: "n"): return take("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer() != nil
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return true }
            while true {
                skipWhitespace()
                guard skipValue(depth: depth + 1) else { return false }
                skipWhitespace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]"))
            }
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return true }
            while true {
                skipWhitespace()
                guard stringBytes() != nil else { return false }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
                guard skipValue(depth: depth + 1) else { return false }
                skipWhitespace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "}"))
            }
        default:
            return false
        }
    }
}
