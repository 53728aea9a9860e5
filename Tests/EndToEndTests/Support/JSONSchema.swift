import Foundation

/// A small JSON Schema check: the parts GitHub's user schemas use (`type`, also as a list,
/// `nullable`, `required`, `properties`, `additionalProperties: false`, nested objects and
/// `items`), enough to hold `--json` output to GitHub's own schema files
/// (Tests/Fixtures/github/schema-*.json). Formats are not checked, as validators do by default.
struct JSONSchema {
    let schema: [String: Any]

    /// The schema in Tests/Fixtures/github named `name`.
    init(fixture name: String) throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/github/\(name)")
        guard let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
            throw HarnessError("\(name) is not a JSON object")
        }
        self.schema = schema
    }

    /// What is wrong with `value`, one line each; empty when it is valid.
    func errors(_ value: Any) -> [String] {
        Self.errors(value, schema, at: "$")
    }

    private static func errors(_ value: Any, _ schema: [String: Any], at path: String) -> [String] {
        var types: [String] = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if schema["nullable"] as? Bool == true { types.append("null") }
        if !types.isEmpty, !types.contains(where: { matches(value, type: $0) }) {
            return ["\(path): \(describe(value)) is not \(types.joined(separator: " or "))"]
        }
        var found: [String] = []
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                found.append("\(path): misses required \(key)")
            }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    found += errors(member, property, at: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == false {
                    found.append("\(path): has \(key), which the schema does not allow")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in array.enumerated() { found += errors(item, items, at: "\(path)[\(index)]") }
        }
        return found
    }

    private static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBoolean(value)
        case "integer": return !isBoolean(value) && (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } == true
        case "number": return !isBoolean(value) && value is NSNumber
        default: return false
        }
    }

    /// JSONSerialization reads `true` and `1` both as NSNumber; a boolean's type is `c` (a C
    /// `char`), an integer's `q` or `d`.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func describe(_ value: Any) -> String {
        value is NSNull ? "null" : "\(type(of: value)) \(value)"
    }
}
