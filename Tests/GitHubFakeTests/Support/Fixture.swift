import Foundation

/// The fake's bundled fixtures, read from `Sources/GitHubFake/Resources` next to this file.
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // GitHubFakeTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Sources/GitHubFake/Resources/\(name).json")
        return try Data(contentsOf: url)
    }

    static func array(_ name: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: data(name)) as? [[String: Any]] ?? []
    }

    static func object(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data(name)) as? [String: Any] ?? [:]
    }

    /// `value` serialized with sorted keys, so that JSON objects compare by content.
    static func canonicalJSON(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }
}
