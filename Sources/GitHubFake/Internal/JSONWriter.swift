/// Writes compact JSON with keys in the order they are written, so that bodies (and the
/// ETags hashed from them) are byte-for-byte deterministic and look like GitHub's.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the container being written already holds an element (one entry per open container).
    private var hasElement: [Bool] = []

    init(capacity: Int = 1_024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }

    mutating func endObject() { close(UInt8(ascii: "}")) }

    mutating func beginArray() { open(UInt8(ascii: "[")) }

    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        hasElement.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        hasElement.removeLast()
        bytes.append(bracket)
    }

    /// Writes an object key; the value written next belongs to it.
    mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        // The value that follows must not be preceded by a comma.
        suppressNextSeparator = true
    }

    mutating func string(_ value: String?) {
        separate()
        if let value { appendString(value) } else { appendLiteral("null") }
    }

    mutating func int(_ value: Int) {
        separate()
        appendLiteral(String(value))
    }

    mutating func bool(_ value: Bool?) {
        separate()
        appendLiteral(value.map { $0 ? "true" : "false" } ?? "null")
    }

    mutating func field(_ name: String, _ value: String?) {
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func field(_ name: String, _ value: Bool?) {
        key(name)
        bool(value)
    }

    // MARK: - Private

    private var suppressNextSeparator = false

    private mutating func separate() {
        if suppressNextSeparator {
            suppressNextSeparator = false
            return
        }
        guard let last = hasElement.indices.last else { return }
        if hasElement[last] { bytes.append(UInt8(ascii: ",")) }
        hasElement[last] = true
    }

    private mutating func appendLiteral(_ literal: String) {
        bytes.append(contentsOf: literal.utf8)
    }

    private mutating func appendString(_ value: String) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
