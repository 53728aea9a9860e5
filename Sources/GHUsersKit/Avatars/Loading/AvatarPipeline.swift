import Foundation
import Logging
import Synchronization

/// Loads avatars: from memory, else from disk, else from the network, decoded and capped.
///
/// - **Memory**: decoded images in a ``Cache`` (64 MiB by default), least recently used out
///   first.
/// - **Disk**: the downloaded bytes in a ``DataCaching`` (a ``DiskCache`` in
///   `<cache home>/sites/<key>/avatars`). An entry younger than ``Configuration/maximumAge``
///   (24 hours) is used as is; an older one is revalidated with `If-None-Match` (a `304` keeps it and
///   restarts its age). Offline, or when the network fails, any entry is used, however old.
/// - **Network**: through ``Downloading`` (``GitHubClient/download(_:etag:maximumBytes:)``: the
///   request queue, no token). Bodies over ``Configuration/maximumBytes`` (4 MiB) and images
///   over ``Configuration/limits`` (2,048 × 2,048) are refused before decoding, and never stored.
///   After one network failure of a host the pipeline stops asking that host for the rest of
///   the process (or for ``Configuration/networkFailurePause``): every further avatar from it
///   comes from disk or is a placeholder, so a dead host costs one timeout, not one per row,
///   while avatars on other hosts go on.
/// - **Cancellation**: a download already sent is finished and stored (it has been paid for);
///   only the caller's wait ends.
/// - **A disk that cannot keep them** (full, read-only): the avatar is still drawn; the first
///   failure is kept in ``storeFailure`` for the caller to say once, never an error.
/// - **Coalescing**: concurrent requests for the same avatar share one load (``TaskCoalescer``);
///   a load is cancelled when everyone waiting for it is.
package final class AvatarPipeline: Sendable {
    /// Downloads one URL, conditionally when an ETag is given.
    package typealias Downloading = @Sendable (_ url: URL, _ etag: String?, _ maximumBytes: Int) async throws -> Download

    /// What a download brought.
    package enum Download: Sendable, Equatable {
        /// `200` with a body and its ETag.
        case data(Data, etag: String?)
        /// `304`: the cached bytes are still right.
        case notModified
        /// A web page (`text/html`), not an image: a sign-in wall (``AvatarError/signInRequired(host:)``).
        case webPage
    }

    /// Settings of a pipeline.
    package struct Configuration: Sendable {
        /// The most bytes downloaded for one avatar: 4 MiB.
        package var maximumBytes = 4 << 20
        /// The largest image decoded: 2,048 × 2,048.
        package var limits = ImageDecoder.Limits()
        /// How long a disk entry is used without asking the server again: 24 hours.
        package var maximumAge: TimeInterval = 86_400
        /// The memory cache's limit in bytes of decoded pixels: 64 MiB.
        package var memoryLimit = 64 << 20
        /// Whether the network may be used at all (`false` with `--offline`).
        package var networkAllowed = true
        /// How long a network failure keeps the pipeline off the network: `nil` (the one-shot
        /// commands) for the rest of the process, so a dead network costs one timeout, not one
        /// per row; the browser, which stays open, tries again after a while.
        package var networkFailurePause: TimeInterval?

        /// Creates the default settings.
        package init() {}
    }

    package let configuration: Configuration
    /// The disk cache.
    package let disk: any DataCaching
    private let memory: Cache<String, RGBAImage>
    private let download: Downloading
    private let coalescer = TaskCoalescer<String, RGBAImage>()
    /// When each host (`host:port`) last failed for want of a network.
    private let downSince = Mutex<[String: Date]>([:])
    /// Hosts (`host:port`) that answered a web page instead of an image: never asked again.
    private let walled = Mutex<Set<String>>([])
    private let firstStoreFailure = Mutex<String?>(nil)
    private let now: @Sendable () -> Date
    private let logger = Logger(label: "ghusers.avatars")

    /// Creates a pipeline over `disk`, downloading with `download`.
    package init(
        configuration: Configuration = Configuration(), disk: any DataCaching,
        now: @escaping @Sendable () -> Date = { Date() }, download: @escaping Downloading
    ) {
        self.configuration = configuration
        self.disk = disk
        self.memory = Cache(costLimit: configuration.memoryLimit)
        self.download = download
        self.now = now
    }

    /// The decoded avatar of `request`.
    ///
    /// - Throws: ``AvatarError`` when there is none to show, `CancellationError` when cancelled.
    package func image(for request: AvatarRequest) async throws -> RGBAImage {
        if let image = memory.value(for: request.key) { return image }
        let image = try await coalescer.value(for: request.key) { try await self.load(request) }
        memory.set(image, for: request.key, cost: image.byteCount)
        return image
    }

    /// Whether a download from the host of `url` failed for want of a network and the pipeline
    /// keeps off that host (see ``Configuration/networkFailurePause``).
    package func isHostDown(_ url: URL) -> Bool {
        downSince.withLock { $0[Self.hostKey(url)] } != nil
    }

    /// Try again (`r` in the browser, or its retry schedule): the next avatar of every host
    /// may be downloaded at once rather than after the pause.
    package func resumeNetwork() {
        downSince.withLock { $0.removeAll() }
    }

    /// Whether the disk holds the avatar of `request` (whatever its age).
    package func isOnDisk(_ request: AvatarRequest) -> Bool {
        disk.cachedData(for: request.key) != nil
    }

    /// Why the disk cache could not keep an avatar of this pipeline (the first failure, such as
    /// `cannot write …: No space left on device`), or `nil` when every store succeeded.
    package var storeFailure: String? {
        firstStoreFailure.withLock { $0 }
    }

    /// Whether the host of `url` answered a web page instead of an image (a sign-in wall):
    /// the downloader asks it again when a queued download's turn comes.
    package func isWalled(_ url: URL) -> Bool {
        walled.withLock { $0.contains(Self.hostKey(url)) }
    }

    private func mayUseNetwork(_ url: URL) -> Bool {
        guard configuration.networkAllowed else { return false }
        guard let since = downSince.withLock({ $0[Self.hostKey(url)] }) else { return true }
        guard let pause = configuration.networkFailurePause else { return false }
        return now().timeIntervalSince(since) >= pause
    }

    private func load(_ request: AvatarRequest) async throws -> RGBAImage {
        let cached = await offPool { self.disk.cachedData(for: request.key) }
        // Nobody waits any more (a row scrolled away): no decode queued for it.
        try Task.checkCancellation()
        let host = Self.hostKey(request.url)
        let walledHost = isWalled(request.url)
        let online = !walledHost && mayUseNetwork(request.url)
        if let cached, !online || now().timeIntervalSince(cached.fetchedAt) < configuration.maximumAge,
            let image = try? await decode(cached.data, request)
        {
            return image
        }
        if walledHost { throw AvatarError.signInRequired(host: request.url.host ?? host) }
        guard online else { throw AvatarError.notCached }
        let answer: Download
        do {
            answer = try await download(request.url, cached?.etag, configuration.maximumBytes)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as GitHubAPIError {
            // Only a connection that cannot be made marks the host down: one image that hangs
            // or is cut short says nothing about the others.
            if case .unreachable = error { downSince.withLock { $0[Self.hostKey(request.url)] = now() } }
            if let cached, let image = try? await decode(cached.data, request) { return image }
            throw Self.avatarError(error, url: request.url)
        }
        downSince.withLock { _ = $0.removeValue(forKey: Self.hostKey(request.url)) }
        // No cancellation check from here: what was downloaded is stored even if nobody waits.
        switch answer {
        case .webPage:
            walled.withLock { _ = $0.insert(host) }
            throw AvatarError.signInRequired(host: request.url.host ?? host)
        case .notModified:
            guard let cached else { throw AvatarError.failed(url: request.url.absoluteString, reason: "304 for an avatar not cached") }
            let image = try await decode(cached.data, request)
            let entry = CachedData(data: cached.data, etag: cached.etag, fetchedAt: now())
            await offPool { self.store(entry, for: request.key) }
            return image
        case .data(let data, let etag):
            let image = try await decode(data, request)
            let entry = CachedData(data: data, etag: etag, fetchedAt: now())
            await offPool { self.store(entry, for: request.key) }
            return image
        }
    }

    /// Stores `entry`; a failure is kept (the first one) for ``storeFailure``, never thrown.
    private func store(_ entry: CachedData, for key: String) {
        do {
            try disk.store(entry, for: key)
        } catch {
            let reason = ErrorText.sentence(error)
            logger.debug("could not store the avatar \(key): \(reason)")
            firstStoreFailure.withLock { first in
                if first == nil { first = reason }
            }
        }
    }

    private func decode(_ data: Data, _ request: AvatarRequest) async throws -> RGBAImage {
        let limits = configuration.limits
        let decoded = await offPool { Result { try ImageDecoder.decode(data, limits: limits) } }
        do {
            return try decoded.get()
        } catch let error as ImageDecodingError {
            throw AvatarError.refused(url: request.url.absoluteString, reason: error.localizedDescription)
        }
    }

    /// Disk reads and writes and decoding run on the image executor, one at a time, off Swift's
    /// cooperative pool: its threads (two on a 2-core machine) are the browser's and the
    /// network's, and a decode or a slow disk would hold one for milliseconds.
    private func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await BlockingExecutor.images.run(body)
    }

    /// The key of a host's network state: `host:port`.
    static func hostKey(_ url: URL) -> String {
        "\(url.host?.lowercased() ?? ""):\(url.port ?? (url.scheme == "http" ? 80 : 443))"
    }

    private static func avatarError(_ error: GitHubAPIError, url: URL) -> AvatarError {
        switch error {
        case .bodyTooLarge(let limit):
            .refused(url: url.absoluteString, reason: "it is larger than \(limit >> 20) MiB")
        case .unreachable, .timedOut, .connectionLost:
            .notCached
        case .notFound:
            .failed(url: url.absoluteString, reason: "404 Not Found")
        default:
            .failed(url: url.absoluteString, reason: error.localizedDescription)
        }
    }
}
