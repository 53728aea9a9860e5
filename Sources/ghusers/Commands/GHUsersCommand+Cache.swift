import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Cache: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "cache",
            abstract: "Show what the avatar cache holds, or clear it.",
            discussion: """
                Avatars are kept on disk in the cache folder (see `ghusers status`), up to \
                GHUSERS_AVATAR_CACHE_MB mebibytes (100 by default), least recently used out first. \
                Clearing it never touches the database or your notes.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Delete every cached avatar.")
        var clear = false

        func run() async throws {
            // The database is not opened at all: the avatar cache is only files.
            let paths = GHUsersPaths.resolve(home: options.home, environment: options.settings.environment, site: options.settings.site)
            let disk = DiskCache(
                directory: paths.cacheDirectory.appendingPathComponent("avatars", isDirectory: true),
                sizeLimit: AvatarOptions.cacheSizeLimit(environment: options.settings.environment))
            let usage = disk.usage()
            if clear {
                do {
                    try disk.removeAll()
                } catch {
                    Messages.error(error)
                    throw ExitCode(ExitStatus.failure.rawValue)
                }
                Messages.notice("cleared the avatar cache: \(usage.entries) entr\(usage.entries == 1 ? "y" : "ies"), \(Self.format(usage.bytes)) (the database and notes are untouched)")
                // --json: what was removed, in the shape of `cache --json`.
                if options.json { Self.printJSON(directory: disk.directory.path, entries: usage.entries, bytes: usage.bytes, limit: disk.sizeLimit, cleared: true) }
                return
            }
            if options.json {
                Self.printJSON(directory: disk.directory.path, entries: usage.entries, bytes: usage.bytes, limit: disk.sizeLimit, cleared: false)
                return
            }
            let rows = [
                ("avatars", disk.directory.path),
                ("entries", String(usage.entries)),
                ("size", Self.format(usage.bytes)),
                ("limit", Self.format(disk.sizeLimit)),
            ]
            for (label, value) in rows {
                OutputStream.standardOutput.write(label.padding(toLength: 9, withPad: " ", startingAt: 0) + value + "\n")
            }
            OutputStream.standardOutput.flush()
        }

        /// `{"directory", "entries", "bytes", "limit"}`, and `"cleared": true` when the entries
        /// and bytes are what `--clear` removed.
        private static func printJSON(directory: String, entries: Int, bytes: Int64, limit: Int64, cleared: Bool) {
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("directory", directory)
            writer.field("entries", entries)
            writer.field("bytes", Int(bytes))
            writer.field("limit", Int(limit))
            if cleared { writer.field("cleared", true) }
            writer.endObject()
            OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
            OutputStream.standardOutput.flush()
        }

        /// `1.2 MiB (1,234,567 bytes)`-like sizes.
        static func format(_ bytes: Int64) -> String {
            if bytes < 1 << 10 { return "\(bytes) bytes" }
            let units = [("KiB", 10), ("MiB", 20), ("GiB", 30)]
            let (name, shift) = units.last { bytes >= Int64(1) << $0.1 } ?? units[0]
            return String(format: "%.1f %@ (%lld bytes)", Double(bytes) / Double(Int64(1) << shift), name, bytes)
        }
    }
}
