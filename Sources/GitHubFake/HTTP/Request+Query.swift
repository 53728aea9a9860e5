import Foundation
import Hummingbird

extension Request {
    /// The percent-decoded query parameters; the first value wins when a name repeats.
    var queryDictionary: [String: String] {
        var query: [String: String] = [:]
        for (key, value) in uri.queryParameters where query[String(key)] == nil {
            query[String(key)] = String(value)
        }
        return query
    }

    /// The value of form field `name` in the raw query, `+` read as a space before
    /// percent-decoding (a search's `q=tom+repos:%3E42`, as GitHub Docs' REST search examples
    /// write it: "Search users"), so that an encoded `%2B` stays a plus; the first wins.
    func formValue(_ name: String) -> String? {
        for pair in (uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == name else { continue }
            let value = parts.count > 1 ? parts[1].replacingOccurrences(of: "+", with: " ") : ""
            return value.removingPercentEncoding ?? value
        }
        return nil
    }
}
