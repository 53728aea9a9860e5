import ArgumentParser
import Foundation
import GHUsersKit

/// `--avatars auto|always|never`, taken by the commands that show users.
struct AvatarOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "When to draw avatars: auto (only on a terminal), always or never.", valueName: "when"))
    var avatars: AvatarMode = .auto

    /// The avatar disk cache's size limit: `GHUSERS_AVATAR_CACHE_MB` mebibytes, else 100 MiB.
    static func cacheSizeLimit(environment: [String: String]) -> Int64 {
        guard let megabytes = environment["GHUSERS_AVATAR_CACHE_MB"].flatMap(Int64.init), megabytes > 0 else {
            return DiskCache.defaultSizeLimit
        }
        return megabytes << 20
    }
}

extension AvatarMode: ExpressibleByArgument {}
