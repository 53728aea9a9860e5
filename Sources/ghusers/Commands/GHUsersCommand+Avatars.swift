import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Avatars: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "avatars",
            abstract: "Work with the avatar cache.",
            subcommands: [Prefetch.self])
    }
}

extension GHUsersCommand.Avatars {
    struct Prefetch: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "prefetch",
            abstract: "Download the avatars of cached users that are not on disk yet, before going offline.",
            discussion: """
                Fetches every cached user's thumbnail (what list, search and next-page draw); with \
                --all also the full-size avatar that profile draws. One request at a time, with a \
                progress bar on stderr when it is a terminal.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.asks("every avatar not on disk, one request at a time", options: ["--all"])

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Also fetch the full-size avatars shown by profile.")
        var all = false

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                guard !options.offline else { throw CombinedServiceError.offline("avatars prefetch") }
                let pipeline = service.makeAvatarPipeline(sizeLimit: AvatarOptions.cacheSizeLimit(environment: options.settings.environment))
                let progress = ProgressLine()
                let summary = try await service.prefetchAvatars(with: pipeline, all: all) { progress.bar(done: $0, total: $1, "avatars") }
                progress.finish()
                let failed = summary.failed
                // Nothing came and every host was out of reach: the network, exit 5.
                if summary.kept + summary.notKept == 0, summary.unreachable > 0, summary.unreachable == failed {
                    throw GitHubAPIError.unreachable("no avatar server can be reached")
                }
                for failure in summary.firstFailures { Messages.notice(failure) }
                // Keeping them is the whole point here: an avatar the disk could not keep is a
                // failure of the command (a full disk), not one more prefetched.
                let (kept, notKept) = (summary.kept, summary.notKept)
                let cached = pipeline.disk.usage().entries
                Messages.notice(
                    "prefetched \(kept) avatar\(kept == 1 ? "" : "s")" + (failed == 0 ? "" : ", \(failed) failed") + "; \(cached) in the cache")
                if options.json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.field("prefetched", kept)
                    writer.field("failed", failed + notKept)
                    writer.field("total", summary.asked)
                    writer.field("cached", cached)
                    writer.endObject()
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                }
                if let reason = pipeline.storeFailure { throw NotKept(count: notKept, reason: reason) }
                // A script preparing to go offline must be able to tell: any failure is exit 1.
                if failed > 0 { throw SomeFailed(failed: failed, total: summary.asked) }
            }
        }

        /// Avatars that could not be downloaded: the command did not do all of its job.
        struct SomeFailed: LocalizedError {
            var failed: Int
            var total: Int
            var errorDescription: String? {
                "\(failed) of \(total) avatar\(total == 1 ? "" : "s") could not be downloaded (above); run `ghusers avatars prefetch` again to retry them"
            }
        }

        /// Avatars downloaded that the disk cache could not keep.
        struct NotKept: LocalizedError {
            var count: Int
            var reason: String
            var errorDescription: String? { "\(count) avatar\(count == 1 ? " was" : "s were") downloaded but not kept: \(reason)" }
        }
    }
}
