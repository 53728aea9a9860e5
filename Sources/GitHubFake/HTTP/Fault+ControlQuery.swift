extension Fault {
    /// Why a `POST /_fake/fault` query was rejected; the message is sent back as the body.
    struct QueryError: Error {
        var message: String
    }

    /// The names `POST /_fake/fault?kind=` accepts, as the enum cases are named.
    static let controlKinds = [
        "status", "tooManyRequests", "bareTooManyRequests", "primaryRateLimit", "secondaryRateLimit", "abuseDetection", "dropConnection",
        "dropMidBody", "truncatedBody", "invalidJSON", "htmlErrorPage", "slow", "invalidItems", "impossibleIDs",
    ]

    /// Parses the query of `POST /_fake/fault`: `kind` (case-insensitive) and its parameters,
    /// `status` (default 500), `retry_after` (seconds; default 60 for `tooManyRequests`, none
    /// for `secondaryRateLimit` and `abuseDetection`), `reset_in` (seconds, default 60) and `ms` (default 1000).
    init(controlQuery query: [String: String]) throws(QueryError) {
        func integer(_ name: String, default fallback: Int?) throws(QueryError) -> Int? {
            guard let raw = query[name], !raw.isEmpty else { return fallback }
            guard let value = Int(raw), value >= 0 else {
                throw QueryError(message: "\(name) must be a whole number of at least 0, not \"\(raw)\".")
            }
            return value
        }
        let kind = query["kind"] ?? ""
        switch kind.lowercased() {
        case "status": self = .status(try integer("status", default: 500)!)
        case "toomanyrequests": self = .tooManyRequests(retryAfter: try integer("retry_after", default: 60)!)
        case "primaryratelimit": self = .primaryRateLimit(resetIn: try integer("reset_in", default: 60)!)
        case "secondaryratelimit": self = .secondaryRateLimit(retryAfter: try integer("retry_after", default: nil))
        case "baretoomanyrequests": self = .bareTooManyRequests
        case "abusedetection": self = .abuseDetection(retryAfter: try integer("retry_after", default: nil))
        case "dropconnection": self = .dropConnection
        case "dropmidbody": self = .dropMidBody
        case "truncatedbody": self = .truncatedBody
        case "invalidjson": self = .invalidJSON
        case "htmlerrorpage": self = .htmlErrorPage
        case "slow": self = .slow(.milliseconds(try integer("ms", default: 1_000)!))
        case "invaliditems": self = .invalidItems
        case "impossibleids": self = .impossibleIDs
        default:
            throw QueryError(message: "Unknown fault kind \"\(kind)\"; use one of: \(Self.controlKinds.joined(separator: ", ")).")
        }
    }
}
