import Synchronization
import Foundation

// MARK: - Avatars

extension CombinedService {
    /// The avatar cache folder: `<cache home>/sites/<key>/avatars`.
    public var avatarDirectory: URL {
        configuration.paths.cacheDirectory.appendingPathComponent("avatars", isDirectory: true)
    }

    /// The disk cache of avatars, limited to `sizeLimit` bytes.
    package func avatarDiskCache(sizeLimit: Int64 = DiskCache.defaultSizeLimit) -> DiskCache {
        DiskCache(directory: avatarDirectory, sizeLimit: sizeLimit)
    }

    /// An avatar pipeline over the disk cache that downloads through this service's
    /// ``GitHubClient`` (made only when a download is needed), and never with `--offline`.
    ///
    /// - Parameter memoryLimit: bytes of decoded images kept in memory (64 MiB by default).
    package func makeAvatarPipeline(
        sizeLimit: Int64 = DiskCache.defaultSizeLimit, networkFailurePause: TimeInterval? = nil, memoryLimit: Int? = nil,
        diskOnly: Bool = false
    ) -> AvatarPipeline {
        var settings = AvatarPipeline.Configuration()
        if let memoryLimit { settings.memoryLimit = memoryLimit }
        settings.networkAllowed = !configuration.offline && !diskOnly
        settings.networkFailurePause = networkFailurePause
        let client = { @Sendable [token, madeClient] in try await Self.client(token: token, made: madeClient) }
        // The pipeline, for the download closure it is made with: a host found walled while a
        // download waited for its turn is not asked (the check runs in the queue's turn).
        let made = Mutex<WeakPipeline>(WeakPipeline())
        let pipeline = AvatarPipeline(configuration: settings, disk: avatarDiskCache(sizeLimit: sizeLimit)) { url, etag, maximumBytes in
            let response = try await client().download(url, etag: etag, maximumBytes: maximumBytes) { url in
                if made.withLock({ $0.value })?.isWalled(url) == true { throw AvatarError.signInRequired(host: url.host ?? "") }
            }
            if response.notModified { return .notModified }
            // A sign-in page where an image should be (a private-mode server's avatars).
            if response.headers["content-type"]?.lowercased().contains("text/html") == true { return .webPage }
            return .data(response.body, etag: response.etag)
        }
        made.withLock { $0.value = pipeline }
        return pipeline
    }
}

/// A pipeline not kept alive by the download closure it holds.
private struct WeakPipeline {
    weak var value: AvatarPipeline?
}
