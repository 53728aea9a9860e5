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
}
