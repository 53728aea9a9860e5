/// Writes flat JSON objects field by field into a byte buffer.
///
/// Used for rows streamed by the thousand (`list --json` of a million users): building each
/// object through `JSONEncoder` costs several microseconds a row and an allocation per field,
/// which dominates the run (see Docs/BENCHMARKS.md). One-off objects use this too, so all
/// output shares one escaping routine. Output is RFC 8259 JSON: strings escaped, no trailing
/// commas.
package struct JSONWriter {
    /// The JSON written so far.
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    /// Creates an empty writer.
    package init() {}

    /// Starts an object.
    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends an object.
    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `"key": [` and starts an array whose elements are objects
    /// (``beginObject()`` … ``endObject()`` each).
    package mutating func beginArray(_ key: StaticString) {
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Starts an object inside an array, after a comma unless it is the first element.
    package mutating func beginElement() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        beginObject()
    }

    /// Ends an array.
    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key": "value"`, or `null` for `nil`.
    package mutating func field(_ key: StaticString, _ value: String?) {
        writeKey(key)
        if let value { writeString(value) } else { writeNull() }
    }

    /// Writes `"key": number`, or `null` for `nil`.
    package mutating func field(_ key: StaticString, _ value: Int64?) {
        writeKey(key)
        if let value { bytes.append(contentsOf: String(value).utf8) } else { writeNull() }
    }

    /// Writes `"key": number`, or `null` for `nil`.
    package mutating func field(_ key: StaticString, _ value: Int?) {
        field(key, value.map(Int64.init))
    }

    /// Writes `"key": "value"`, or nothing at all for `nil` (a field that may be absent but not
    /// `null`).
    package mutating func fieldIfPresent(_ key: StaticString, _ value: String?) {
        if let value { field(key, value) }
    }

    /// Writes `"key": "<prefix><value><suffix>"`: `prefix` is already escaped (``escaped(_:)``,
    /// done once for many rows), `value` is escaped here and `suffix` must need no escaping.
    /// The URL fields of a user row cost a copy each this way, not a `String` each.
    package mutating func field(_ key: StaticString, escapedPrefix prefix: [UInt8], _ value: String, suffix: StaticString = "") {
        writeKey(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: prefix)
        writeEscaped(value)
        suffix.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `string` escaped for the inside of a JSON string, without the quotes.
    package static func escaped(_ string: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.writeEscaped(string)
        return writer.bytes
    }

    /// Writes `"key": true|false`, or `null` for `nil`.
    package mutating func field(_ key: StaticString, _ value: Bool?) {
        writeKey(key)
        if let value { bytes.append(contentsOf: (value ? "true" : "false").utf8) } else { writeNull() }
    }

    /// Writes a profile field: its JSON key and its value, `null` for none.
    package mutating func field(_ key: Profile.Field, _ value: Profile.Field.Value) {
        field(named: key.rawValue, value)
    }

    /// Writes `"key": value` for a key known only at run time (`--fields`), which must need no
    /// escaping; `null` for none.
    package mutating func field(named key: String, _ value: Profile.Field.Value) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        switch value {
        case .text(let text?): writeString(text)
        case .count(let count?): bytes.append(contentsOf: String(count).utf8)
        case .flag(let flag?): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .text(nil), .count(nil), .flag(nil): writeNull()
        }
    }

    /// Writes `"key": {` and starts an object (ended by ``endObject()``).
    package mutating func beginObject(_ key: StaticString) {
        writeKey(key)
        beginObject()
    }

    /// Writes `"key": ["a","b"]`: an array of strings.
    package mutating func field(_ key: StaticString, strings: [String]) {
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            writeString(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Empties the buffer, keeping its capacity, to reuse the writer for the next row.
    package mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    private mutating func writeKey(_ key: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    private mutating func writeNull() {
        bytes.append(contentsOf: "null".utf8)
    }

    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        writeEscaped(value)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ value: String) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }
}
