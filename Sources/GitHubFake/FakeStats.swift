/// What a ``GitHubFakeServer`` has seen since it started or since its stats were last reset.
///
/// Requests to the `/_fake/` control endpoints are not counted. Also served as JSON by
/// `GET /_fake/stats`.
public struct FakeStats: Sendable, Codable, Equatable {
    /// All requests seen (API and avatars).
    public var requests: Int
    /// Requests being handled now: from their arrival until their response is fully written
    /// or their connection is closed.
    public var inFlight: Int
    /// The highest ``inFlight`` seen.
    public var maxInFlight: Int
    /// Distinct TCP connections (client address and port) that sent requests; equal to 1
    /// after several requests proves that the client kept its connection alive.
    public var connections: Int
    /// The requests in arrival order (the most recent ``FakeConfiguration/requestLogLimit``).
    public var log: [LoggedRequest]

    /// Creates stats; used by the server and by decoders.
    public init(requests: Int = 0, inFlight: Int = 0, maxInFlight: Int = 0, connections: Int = 0, log: [LoggedRequest] = []) {
        self.requests = requests
        self.inFlight = inFlight
        self.maxInFlight = maxInFlight
        self.connections = connections
        self.log = log
    }
}
