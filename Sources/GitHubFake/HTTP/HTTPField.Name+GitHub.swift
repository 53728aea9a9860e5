import HTTPTypes
import Hummingbird

/// Header names the GitHub API uses that `HTTPTypes` does not predefine.
extension HTTPField.Name {
    static let rateLimitLimit = Self("x-ratelimit-limit")!
    static let rateLimitRemaining = Self("x-ratelimit-remaining")!
    static let rateLimitUsed = Self("x-ratelimit-used")!
    static let rateLimitReset = Self("x-ratelimit-reset")!
    static let rateLimitResource = Self("x-ratelimit-resource")!
    static let gitHubAPIVersion = Self("x-github-api-version")!
    static let gitHubAPIVersionSelected = Self("x-github-api-version-selected")!
    static let gitHubMediaType = Self("x-github-media-type")!
    static let gitHubRequestID = Self("x-github-request-id")!
    static let link = Self("link")!
    static let oauthScopes = Self("x-oauth-scopes")!
    static let nextGlobalID = Self("x-github-next-global-id")!
}
