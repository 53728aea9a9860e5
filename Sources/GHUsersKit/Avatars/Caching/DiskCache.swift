import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Downloaded avatars on disk, one file per entry, in `<cache home>/sites/<key>/avatars`.
///
/// - **Names**: a 128-bit FNV-1a hash of the key (the normalised URL) in hex; the key is also
///   stored in the file and compared on read, so a hash collision reads as a miss.
/// - **Atomic writes**: an entry is written to a temporary file in the same folder, flushed
///   with `fsync`, then renamed over the entry. A writer killed half-way leaves only a
///   temporary file, which no read ever opens and the next sweep deletes. An entry file whose
///   header or length does not check out reads as a miss and is deleted.
/// - **Size limit**: 100 MiB by default (`GHUSERS_AVATAR_CACHE_MB` changes it). When a write
///   takes the folder over the limit, the least recently used entries (by modification time,
///   which every read refreshes) are deleted until it is at 70 % of the limit, as Nuke does.
package final class DiskCache: DataCaching {
    /// What the cache holds.
    package struct Usage: Sendable, Hashable {
        /// Entry files.
        package var entries: Int
        /// Their bytes on disk.
        package var bytes: Int64
    }

    /// The default size limit: 100 MiB.
    package static let defaultSizeLimit: Int64 = 100 << 20

    /// The folder of the entries.
    package let directory: URL
    /// The most bytes the entries may take.
    package let sizeLimit: Int64
    private let knownSize = Mutex<Int64?>(nil)
    private let now: @Sendable () -> Date

    private static let magic = Data("ghusers-avatar 1\n".utf8)
    private static let temporaryPrefix = ".tmp-"
    private static let temporaryFileMaxAge: TimeInterval = 600

    /// Creates a cache in `directory` (made on first write).
    package init(directory: URL, sizeLimit: Int64 = DiskCache.defaultSizeLimit, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.sizeLimit = sizeLimit
        self.now = now
    }

    /// The file name of `key`: 32 hex digits.
    package static func fileName(for key: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in key.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = second.rotatedLeft(by: 5)
        }
        return first.hex + second.hex
    }

    package func cachedData(for key: String) -> CachedData? {
        let url = directory.appendingPathComponent(Self.fileName(for: key))
        guard let file = try? Data(contentsOf: url) else { return nil }
        guard let entry = Self.decode(file, key: key) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: url.path)
        return entry
    }

    /// - Throws: ``AtomicFile/WriteError`` naming the file and the reason (a full disk).
    package func store(_ entry: CachedData, for key: String) throws {
        do {
            try FileManager.default.createPrivateDirectory(at: directory)
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            throw AtomicFile.WriteError(path: directory.path, code: underlying.map { Int32($0.code) } ?? EIO)
        }
        let url = directory.appendingPathComponent(Self.fileName(for: key))
        let previous = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64) ?? 0
        let file = try Self.encode(entry, key: key)
        try AtomicFile.write(file, to: url, temporaryPrefix: Self.temporaryPrefix)
        let total: Int64 = knownSize.withLock { size in
            let updated = size.map { $0 - previous + Int64(file.count) } ?? measure().bytes
            size = updated
            return updated
        }
        if total > sizeLimit { sweep() }
    }

    package func removeAll() throws {
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
        knownSize.withLock { $0 = 0 }
    }

    package func usage() -> Usage {
        measure()
    }

    /// Deletes temporary files older than 10 minutes (left by killed writers) and, when over
    /// the limit, the least recently used entries until the folder is at 70 % of the limit.
    package func sweep() {
        let files = listing()
        var total: Int64 = 0
        var entries: [(url: URL, size: Int64, date: Date)] = []
        for file in files {
            if file.url.lastPathComponent.hasPrefix(Self.temporaryPrefix) {
                if now().timeIntervalSince(file.date) > Self.temporaryFileMaxAge { try? FileManager.default.removeItem(at: file.url) }
                continue
            }
            entries.append(file)
            total += file.size
        }
        if total > sizeLimit {
            let target = sizeLimit * 7 / 10
            for entry in entries.sorted(by: { $0.date < $1.date }) where total > target {
                try? FileManager.default.removeItem(at: entry.url)
                total -= entry.size
            }
        }
        knownSize.withLock { $0 = total }
    }

    private func measure() -> Usage {
        let entries = listing().filter { !$0.url.lastPathComponent.hasPrefix(Self.temporaryPrefix) }
        return Usage(entries: entries.count, bytes: entries.reduce(0) { $0 + $1.size })
    }

    private func listing() -> [(url: URL, size: Int64, date: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else {
            return []
        }
        return urls.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            return (url, Int64(values.fileSize ?? 0), values.contentModificationDate ?? .distantPast)
        }
    }

    // MARK: - File format: magic line, JSON header line, then the bytes

    private struct Header: Codable {
        var key: String
        var etag: String?
        var fetchedAt: Double
        var length: Int
    }

    static func encode(_ entry: CachedData, key: String) throws -> Data {
        let header = Header(key: key, etag: entry.etag, fetchedAt: entry.fetchedAt.timeIntervalSince1970, length: entry.data.count)
        var file = magic
        file.append(try JSONEncoder().encode(header))
        file.append(0x0A)
        file.append(entry.data)
        return file
    }

    static func decode(_ file: Data, key: String) -> CachedData? {
        guard file.starts(with: magic), let newline = file[magic.count...].firstIndex(of: 0x0A),
            let header = try? JSONDecoder().decode(Header.self, from: file[magic.count..<newline]),
            header.key == key, file.count - (newline + 1) == header.length
        else { return nil }
        return CachedData(data: Data(file[(newline + 1)...]), etag: header.etag, fetchedAt: Date(timeIntervalSince1970: header.fetchedAt))
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }

    fileprivate var hex: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
