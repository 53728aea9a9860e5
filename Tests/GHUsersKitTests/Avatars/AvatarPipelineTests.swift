import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("Avatar pipeline")
struct AvatarPipelineTests {
    /// A scripted avatar server: answers with `answer` and records what was asked.
    final class Server: Sendable {
        let requests = Mutex<[(url: URL, etag: String?)]>([])
        let answer: @Sendable (URL, String?) throws -> AvatarPipeline.Download

        init(answer: @escaping @Sendable (URL, String?) throws -> AvatarPipeline.Download) {
            self.answer = answer
        }

        var count: Int { requests.withLock { $0.count } }

        func download(_ url: URL, _ etag: String?, _ maximumBytes: Int) async throws -> AvatarPipeline.Download {
            requests.withLock { $0.append((url, etag)) }
            return try answer(url, etag)
        }
    }

    static let request = AvatarRequest(avatarURL: "https://avatars.example/u/1?v=4", size: .thumbnail)!

    static func pipeline(_ folder: TemporaryDirectory, _ server: Server, clock: TestClock, network: Bool = true) -> AvatarPipeline {
        var settings = AvatarPipeline.Configuration()
        settings.networkAllowed = network
        return AvatarPipeline(configuration: settings, disk: DiskCache(directory: folder.url), now: { clock.now }, download: server.download)
    }

    @Test("thumbnail and full size are separate entries asking for s=64 and s=460")
    func requests() {
        let thumbnail = AvatarRequest(avatarURL: "HTTPS://Avatars.Example/u/1?v=4&s=999#x", size: .thumbnail)
        let full = AvatarRequest(avatarURL: "https://avatars.example/u/1?v=4", size: .full)
        #expect(thumbnail?.key == "https://avatars.example/u/1?s=64&v=4")
        #expect(full?.key == "https://avatars.example/u/1?s=460&v=4")
        #expect(AvatarRequest(avatarURL: "file:///etc/passwd", size: .full) == nil)
    }

    @Test("an avatar is downloaded once, then served from disk, also offline")
    func downloadOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let png = try AvatarFixtures.data("quadrants.png")
        let server = Server { _, _ in .data(png, etag: "W/\"1\"") }
        let clock = TestClock()
        // When the avatar is asked twice by one pipeline and once by an offline one
        let online = Self.pipeline(folder, server, clock: clock)
        let first = try await online.image(for: Self.request)
        _ = try await online.image(for: Self.request)
        let offline = Self.pipeline(folder, server, clock: clock, network: false)
        let again = try await offline.image(for: Self.request)
        // Then one download served all three
        #expect(server.count == 1)
        #expect(first == again)
        #expect(first.width == 8)
    }

    @Test("after 24 hours an entry is revalidated with its ETag; a 304 keeps it")
    func revalidation() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let png = try AvatarFixtures.data("quadrants.png")
        let server = Server { _, etag in etag == nil ? .data(png, etag: "W/\"1\"") : .notModified }
        let clock = TestClock()
        _ = try await Self.pipeline(folder, server, clock: clock).image(for: Self.request)
        // When a fresh pipeline asks within the day, nothing is sent
        clock.advance(by: 3_600)
        _ = try await Self.pipeline(folder, server, clock: clock).image(for: Self.request)
        #expect(server.count == 1)
        // When one asks after the day, the ETag goes along and the 304 keeps the image
        clock.advance(by: 86_400)
        let image = try await Self.pipeline(folder, server, clock: clock).image(for: Self.request)
        #expect(server.count == 2)
        #expect(server.requests.withLock { $0.last?.etag } == "W/\"1\"")
        #expect(image.width == 8)
        // And the 304 restarted the entry's age
        _ = try await Self.pipeline(folder, server, clock: clock).image(for: Self.request)
        #expect(server.count == 2)
    }

    @Test("a decompression bomb is refused and never stored")
    func bomb() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = Server { _, _ in .data(AvatarFixtures.pngHeader(width: 20_000, height: 20_000), etag: nil) }
        let pipeline = Self.pipeline(folder, server, clock: TestClock())
        await #expect {
            try await pipeline.image(for: Self.request)
        } throws: { error in
            guard case AvatarError.refused(_, let reason) = error else { return false }
            return reason.contains("20000×20000")
        }
        #expect(pipeline.disk.usage().entries == 0)
    }

    @Test("after a network failure no other download is tried; cached avatars still show")
    func networkDown() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = Server { _, _ in throw GitHubAPIError.unreachable("connection refused") }
        let pipeline = Self.pipeline(folder, server, clock: TestClock())
        await #expect(throws: AvatarError.notCached) { try await pipeline.image(for: Self.request) }
        let other = AvatarRequest(avatarURL: "https://avatars.example/u/2", size: .thumbnail)!
        await #expect(throws: AvatarError.notCached) { try await pipeline.image(for: other) }
        #expect(server.count == 1)
    }

    @Test("a host that refuses keeps the pipeline off that host only; avatars on other hosts still download")
    func oneHostDown() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let png = try AvatarFixtures.data("quadrants.png")
        let server = Server { url, _ in
            guard url.host != "refusing.example" else { throw GitHubAPIError.unreachable("connection refused") }
            return .data(png, etag: nil)
        }
        let pipeline = Self.pipeline(folder, server, clock: TestClock())
        let refused = AvatarRequest(avatarURL: "https://refusing.example/u/9", size: .thumbnail)!
        await #expect(throws: AvatarError.notCached) { try await pipeline.image(for: refused) }
        #expect(pipeline.isHostDown(refused.url))
        #expect(try await pipeline.image(for: Self.request).width == 8)
        #expect(!pipeline.isHostDown(Self.request.url))
        let again = AvatarRequest(avatarURL: "https://refusing.example/u/10", size: .thumbnail)!
        await #expect(throws: AvatarError.notCached) { try await pipeline.image(for: again) }
        #expect(server.count == 2, "the refusing host is asked once")
    }

    @Test("concurrent requests for one avatar make one download")
    func coalesced() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let png = try AvatarFixtures.data("quadrants.png")
        let server = Server { _, _ in .data(png, etag: nil) }
        let pipeline = Self.pipeline(folder, server, clock: TestClock())
        try await withThrowingTaskGroup(of: RGBAImage.self) { group in
            for _ in 0..<8 { group.addTask { try await pipeline.image(for: Self.request) } }
            for try await image in group { #expect(image.width == 8) }
        }
        // The disk and memory caches catch late arrivals; the coalescer the concurrent ones.
        #expect(server.count == 1)
    }
}
