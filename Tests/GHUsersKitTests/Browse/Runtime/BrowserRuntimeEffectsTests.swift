import Testing

@testable import GHUsersKit

@Suite("Browser runtime effects: what a thumbnail's failed load means for its row")
struct BrowserRuntimeEffectsTests {
    /// `BrowserRuntime.avatarFailure` for user 7, in words.
    func message(_ error: any Error, offline: Bool) -> String {
        switch BrowserRuntime.avatarFailure(7, error, offline: offline) {
        case .avatarNotCached(let id): "not cached \(id)"
        case .avatarFailed(let id, let retryable): "failed \(id)\(retryable ? ", retryable" : "")"
        default: "another message"
        }
    }

    @Test("not on disk is not cached off the network by choice, a failure to retry online; a refused image fails for good")
    func avatarFailure() {
        #expect(message(AvatarError.notCached, offline: true) == "not cached 7")
        // Online, not cached means its host is out of reach: asked again later
        #expect(message(AvatarError.notCached, offline: false) == "failed 7, retryable")
        for offline in [false, true] {
            #expect(message(AvatarError.refused(url: "u", reason: "too large"), offline: offline) == "failed 7")
            #expect(message(AvatarError.invalidURL("ftp://x"), offline: offline) == "failed 7")
            #expect(message(AvatarError.failed(url: "u", reason: "404"), offline: offline) == "failed 7, retryable")
            #expect(message(StoreError.interrupted, offline: offline) == "failed 7, retryable")
        }
    }
}
