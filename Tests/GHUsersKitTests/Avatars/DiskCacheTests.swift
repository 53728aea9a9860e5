import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("Disk cache")
struct DiskCacheTests {
    static func entry(_ size: Int, etag: String? = nil, at date: Date = Date(timeIntervalSince1970: 1_000)) -> CachedData {
        CachedData(data: Data(repeating: 7, count: size), etag: etag, fetchedAt: date)
    }

    @Test("an entry reads back as written, under a hashed name")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Given an entry stored under a URL key
        let cache = DiskCache(directory: folder.url)
        let key = "https://avatars.githubusercontent.com/u/1?s=64&v=4"
        try cache.store(Self.entry(10, etag: "W/\"a\""), for: key)
        // Then it reads back whole, and the file is named by a hash, not by the URL
        #expect(cache.cachedData(for: key) == Self.entry(10, etag: "W/\"a\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [DiskCache.fileName(for: key)])
        #expect(DiskCache.fileName(for: key).count == 32)
        #expect(cache.usage().entries == 1)
    }

    @Test("a killed writer leaves no entry that reads back broken")
    func interruptedWrites() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = DiskCache(directory: folder.url, now: { Date().addingTimeInterval(3_600) })
        let key = "https://example.com/a.png?s=64"
        // Given what a writer killed before its rename leaves: a temporary file, half written
        let full = try DiskCache.encode(Self.entry(100), key: key)
        try full.prefix(60).write(to: folder.url.appendingPathComponent(".tmp-killed"))
        // Then the key is a miss and the temporary file is not counted
        #expect(cache.cachedData(for: key) == nil)
        #expect(cache.usage().entries == 0)
        // Given an entry file cut short anyway (a disk that lost its tail)
        try full.prefix(full.count - 1).write(to: folder.url.appendingPathComponent(DiskCache.fileName(for: key)))
        // Then it reads as a miss and is deleted
        #expect(cache.cachedData(for: key) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(DiskCache.fileName(for: key)).path))
        // And the next sweep removes the stale temporary file
        cache.sweep()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("a hash collision reads as a miss, not as another avatar")
    func keyChecked() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = DiskCache(directory: folder.url)
        try cache.store(Self.entry(5), for: "https://a.example/1")
        // Given the file of key 1 copied to the name of key 2
        let other = "https://a.example/2"
        try FileManager.default.copyItem(
            at: folder.url.appendingPathComponent(DiskCache.fileName(for: "https://a.example/1")),
            to: folder.url.appendingPathComponent(DiskCache.fileName(for: other)))
        // Then key 2 misses
        #expect(cache.cachedData(for: other) == nil)
    }

    @Test("over the limit, the least recently used entries go until 70 % of the limit")
    func sweepOrder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Given a clock we move, and a limit of about four entries
        let clock = TestClock()
        let size = try DiskCache.encode(Self.entry(1_000), key: "k0").count
        let cache = DiskCache(directory: folder.url, sizeLimit: Int64(size * 4), now: { clock.now })
        for index in 0..<4 {
            try cache.store(Self.entry(1_000), for: "k\(index)")
            try FileManager.default.setAttributes([.modificationDate: clock.tick()], ofItemAtPath: folder.url.appendingPathComponent(DiskCache.fileName(for: "k\(index)")).path)
        }
        // When k0 is read (now the most recent) and a fifth entry is written
        clock.advance()
        #expect(cache.cachedData(for: "k0") != nil)
        try cache.store(Self.entry(1_000), for: "k4")
        // Then k1, k2 and k3, the least recently used, are gone: 2 entries are within 70 % of 4
        let left = (0..<5).filter { cache.cachedData(for: "k\($0)") != nil }
        #expect(left == [0, 4])
        #expect(cache.usage().bytes <= Int64(size * 4) * 7 / 10)
        #expect(cache.cachedData(for: "k1") == nil)
    }

    @Test("clearing removes every entry")
    func clear() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = DiskCache(directory: folder.url.appendingPathComponent("avatars"))
        try cache.store(Self.entry(3), for: "a")
        try cache.store(Self.entry(3), for: "b")
        try cache.removeAll()
        #expect(cache.usage() == DiskCache.Usage(entries: 0, bytes: 0))
    }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { current.withLock { $0 } }

    @discardableResult
    func tick() -> Date {
        advance()
        return now
    }

    func advance(by seconds: TimeInterval = 60) {
        current.withLock { $0 += seconds }
    }
}
