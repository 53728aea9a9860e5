import Foundation

/// Why an avatar could not be shown; the caller draws a placeholder instead.
package enum AvatarError: Error, Equatable {
    /// Not on disk, and the network is off (`--offline`) or down.
    case notCached
    /// The avatar URL is not an http(s) URL.
    case invalidURL(String)
    /// The server sent something refused without decoding it: too many bytes, too many pixels,
    /// or not an image.
    case refused(url: String, reason: String)
    /// The download failed (404, a server error, ...).
    case failed(url: String, reason: String)
    /// The avatar host answered a web page instead of an image (a redirect to a sign-in page):
    /// a private-mode GitHub Enterprise Server, whose avatars need a browser session (GitHub
    /// Docs, "Enabling private mode"). The host is not asked again in this process.
    case signInRequired(host: String)

    /// Whether the user should be told (refusals, a sign-in wall), rather than silently shown a
    /// placeholder.
    package var isWorthReporting: Bool {
        switch self {
        case .refused, .signInRequired: true
        default: false
        }
    }
}

extension AvatarError: LocalizedError {
    package var errorDescription: String? {
        switch self {
        case .notCached: "the avatar is not cached and the network is not available"
        case .invalidURL(let url): "the avatar URL \(url) is not an http(s) URL"
        case .refused(let url, let reason): "refused the avatar at \(url): \(reason)"
        case .failed(let url, let reason): "could not download the avatar at \(url) (\(reason))"
        case .signInRequired(let host):
            "avatars of \(host) need a sign-in (it answers with a web page, as a private-mode server does); they are drawn as placeholders"
        }
    }
}
