import Foundation

/// Reads RFC 8288 `Link` headers, as GitHub sends them for pagination:
/// `<https://api.github.com/users?since=46>; rel="next", <https://api.github.com/users{?since}>; rel="first"`.
public enum LinkHeader {
    /// The `(url, rel)` pairs of `header`, in order. Malformed entries are skipped; a relation
    /// list (`rel="next last"`) yields one pair per relation.
    public static func links(in header: String) -> [(url: String, rel: String)] {
        var result: [(String, String)] = []
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // Parameters run to the next comma that is outside quotes.
            var parameters = Substring()
            var inQuotes = false
            var end = rest.endIndex
            for index in rest.indices {
                let character = rest[index]
                if character == "\"" { inQuotes.toggle() }
                if character == "," && !inQuotes {
                    end = index
                    break
                }
            }
            parameters = rest[..<end]
            rest = end == rest.endIndex ? Substring() : rest[rest.index(after: end)...]
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                for rel in value.split(separator: " ") { result.append((target, rel.lowercased())) }
            }
        }
        return result
    }

    /// The URL of the `rel="next"` link, if any.
    public static func next(in header: String) -> URL? {
        links(in: header).first { $0.rel == "next" }.flatMap { URL(string: $0.url) }
    }
}
