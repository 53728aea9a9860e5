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
    struct Prefetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prefetch",
            abstract: "Download the avatars of cached users that are not on disk yet, before going offline.",
            discussion: """
                Fetches every cached user's thumbnail (what list, search and next-page draw); with \
                --all also the full-size avatar that profile draws. One request at a time, with a \
                progress bar on stderr when it is a terminal.
                """)

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Also fetch the full-size avatars shown by profile.")
        var all = false

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                guard !options.offline else { throw CombinedServiceError.offline("avatars prefetch") }
                let pipeline = service.makeAvatarPipeline(sizeLimit: AvatarOptions.cacheSizeLimit(environment: options.settings.environment))
                var requests: [AvatarRequest] = []
                try service.list { details in
                    for size in all ? [AvatarRequest.Size.thumbnail, .full] : [.thumbnail] {
                        if let request = AvatarRequest(avatarURL: details.user.avatarURL, size: size), !pipeline.isOnDisk(request) {
                            requests.append(request)
                        }
                    }
                }
                let progress = ProgressLine()
                var fetched: [AvatarRequest] = []
                var failed: [String] = []
                var unreachable = 0
                for (index, request) in requests.enumerated() {
                    progress.bar(done: index, total: requests.count, "avatars")
                    do {
                        _ = try await pipeline.image(for: request)
                        fetched.append(request)
                    } catch AvatarError.notCached {
                        // Its host cannot be reached; the other hosts' avatars go on.
                        unreachable += 1
                        failed.append("could not reach \(request.url.host ?? "the avatar host") for \(request.url.absoluteString)")
                    } catch {
                        failed.append(ErrorText.sentence(error))
                    }
                }
                progress.bar(done: requests.count, total: requests.count, "avatars")
                progress.finish()
                // Nothing came and every host was out of reach: the network, exit 5.
                if fetched.isEmpty, unreachable > 0, unreachable == failed.count {
                    throw GitHubAPIError.unreachable("no avatar server can be reached")
                }
                for failure in failed.prefix(5) { Messages.notice(failure) }
                // Keeping them is the whole point here: an avatar the disk could not keep is a
                // failure of the command (a full disk), not one more prefetched.
                let notKept = pipeline.storeFailure == nil ? 0 : fetched.count { !pipeline.isOnDisk($0) }
                let kept = fetched.count - notKept
                let cached = pipeline.disk.usage().entries
                Messages.notice(
                    "prefetched \(kept) avatar\(kept == 1 ? "" : "s")" + (failed.isEmpty ? "" : ", \(failed.count) failed") + "; \(cached) in the cache")
                if options.json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.field("prefetched", kept)
                    writer.field("failed", failed.count + notKept)
                    writer.field("total", requests.count)
                    writer.field("cached", cached)
                    writer.endObject()
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                }
                if let reason = pipeline.storeFailure { throw NotKept(count: notKept, reason: reason) }
                // A script preparing to go offline must be able to tell: any failure is exit 1.
                if !failed.isEmpty { throw SomeFailed(failed: failed.count, total: requests.count) }
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
