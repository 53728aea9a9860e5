/// The network side of ghusers: one type per API operation, each a small value around the
/// shared ``GitHubClient``.
///
/// ```swift
/// let page = try await HTTPService.Users.Fetch(client: client)(since: 46, perPage: 30, etag: nil)
/// ```
package enum HTTPService {
    /// Operations on GitHub users.
    package enum Users {}
}
