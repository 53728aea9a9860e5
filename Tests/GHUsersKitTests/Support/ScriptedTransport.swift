import Foundation
import Synchronization

@testable import GHUsersKit

/// A transport that answers from a script and records what it was sent: for unit tests of the
/// client's headers, redirects and error mapping. End-to-end tests use the real transport.
final class ScriptedTransport: HTTPTransporting {
    private let state: Mutex<(script: [Result<TransportResponse, TransportError>], sent: [TransportRequest])>

    init(_ script: [Result<TransportResponse, TransportError>]) {
        state = Mutex((script, []))
    }

    var sent: [TransportRequest] { state.withLock { $0.sent } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let next = state.withLock { state -> Result<TransportResponse, TransportError> in
            state.sent.append(request)
            return state.script.isEmpty ? .failure(.unreachable("script exhausted")) : state.script.removeFirst()
        }
        return try next.get()
    }

    func shutdown() async throws {}
}
