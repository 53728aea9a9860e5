import Foundation

/// One avatar at one size: what ``AvatarPipeline`` loads and caches.
///
/// GitHub's avatar server scales on request (`s=SIZE`), so a thumbnail asks for a small image
/// instead of downloading the full one; the two sizes are separate cache entries.
package struct AvatarRequest: Sendable, Hashable {
    /// The sizes asked for.
    package enum Size: Sendable, Hashable {
        /// 64 × 64 pixels, for list rows and grid cards.
        case thumbnail
        /// 460 × 460 pixels (GitHub's usual full size), for the profile header.
        case full

        /// The `s=` asked of the server.
        package var pixels: Int {
            switch self {
            case .thumbnail: 64
            case .full: 460
            }
        }
    }

    /// The URL to download, with `s=` set: also the cache key.
    package let url: URL
    /// The size asked for.
    package let size: Size

    /// The request for the avatar at `avatarURL` in `size`, or `nil` when the URL is not an
    /// absolute http(s) URL.
    ///
    /// The URL is normalised so that equal avatars share one entry: scheme and host in lower
    /// case, no fragment, query items sorted, any `s` or `size` replaced by the size asked.
    package init?(avatarURL: String, size: Size) {
        guard User.isWebURL(avatarURL), var components = URLComponents(string: avatarURL) else { return nil }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        components.fragment = nil
        var items = (components.queryItems ?? []).filter { $0.name != "s" && $0.name != "size" }
        items.append(URLQueryItem(name: "s", value: String(size.pixels)))
        components.queryItems = items.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
        guard let url = components.url else { return nil }
        self.url = url
        self.size = size
    }

    /// The cache key: the normalised URL.
    package var key: String { url.absoluteString }
}
