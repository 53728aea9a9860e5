import Foundation
import Testing

/// A collected response.
struct FakeResponse {
    var status: Int
    /// By lower-cased name.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func jsonArray() throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]])
    }

    func jsonObject() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    /// The URL of the `rel="next"` link, if any.
    var nextLink: String? {
        guard let link = headers["link"] else { return nil }
        for part in link.split(separator: ",") where part.contains("rel=\"next\"") {
            guard let start = part.firstIndex(of: "<"), let end = part.firstIndex(of: ">") else { continue }
            return String(part[part.index(after: start)..<end])
        }
        return nil
    }
}

