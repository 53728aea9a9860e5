import Foundation

// MARK: - avatars prefetch

extension CombinedService {
    /// What ``prefetchAvatars(with:all:progress:)`` did.
    public struct AvatarPrefetch: Sendable {
        /// Avatars downloaded and kept on disk.
        public var kept = 0
        /// Avatars not on disk that were asked for.
        public var asked = 0
        /// Avatars downloaded that the disk could not keep (``AvatarPipeline/storeFailure`` says why).
        public var notKept = 0
        /// How many downloads failed, and why the first few did (a million failures when the
        /// network is down would otherwise be a million sentences).
        public var failed = 0
        public var firstFailures: [String] = []
        /// How many of the failures were a host out of reach.
        public var unreachable = 0

        mutating func fail(_ reason: String) {
            failed += 1
            if firstFailures.count < 5 { firstFailures.append(reason) }
        }
    }

    /// How many users ``prefetchAvatars(with:all:progress:)`` reads at a time: a window, never
    /// the whole table (1,000,000 users' requests took about 200 MB when they were listed first).
    static let avatarPrefetchWindow = 1_000

    /// Downloads through `pipeline` the thumbnail (with `all`, also the full-size avatar) of
    /// every cached user that the disk does not hold, one request at a time, reading the users
    /// a window at a time. `progress` is told how many avatars were looked at, of how many.
    package func prefetchAvatars(
        with pipeline: AvatarPipeline, all: Bool, progress: (_ done: Int, _ total: Int) -> Void
    ) async throws -> AvatarPrefetch {
        // Its requests take the home's network lock: a read-only home says so, once, up front.
        if database.isReadOnly, !configuration.offline { throw StoreError.readOnly(path: database.path) }
        let sizes: [AvatarRequest.Size] = all ? [.thumbnail, .full] : [.thumbnail]
        let total = try await database.read(StoreService.Users.count) * sizes.count
        var summary = AvatarPrefetch()
        var done = 0
        var after: Int64 = 0
        while true {
            var requests: [AvatarRequest] = []
            var last: Int64?
            try await list(after: after, limit: Self.avatarPrefetchWindow) { details in
                last = details.user.id
                for size in sizes {
                    if let request = AvatarRequest(avatarURL: details.user.avatarURL, size: size), !pipeline.isOnDisk(request) {
                        requests.append(request)
                    } else {
                        done += 1
                    }
                }
            }
            guard let last else { return summary }
            after = last
            summary.asked += requests.count
            for request in requests {
                progress(done, total)
                do {
                    _ = try await pipeline.image(for: request)
                    // The pipeline stores before it answers: after a failed store, a miss now is
                    // an avatar the disk could not keep (without one, the cache's own eviction).
                    if pipeline.storeFailure == nil || pipeline.isOnDisk(request) { summary.kept += 1 } else { summary.notKept += 1 }
                } catch AvatarError.notCached {
                    // Its host cannot be reached; the other hosts' avatars go on.
                    summary.unreachable += 1
                    summary.fail("could not reach \(request.url.host ?? "the avatar host") for \(request.url.absoluteString)")
                } catch {
                    summary.fail(ErrorText.sentence(error))
                }
                done += 1
            }
            progress(done, total)
        }
    }
}
