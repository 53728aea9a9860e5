import Foundation

/// Bytes a ``DataCaching`` cache holds for a key, with what is needed to revalidate them.
package struct CachedData: Sendable, Hashable {
    /// The bytes as downloaded (an encoded image).
    package var data: Data
    /// The `ETag` the server sent with them, for `If-None-Match`.
    package var etag: String?
    /// When the server last confirmed them (a `200` or a `304`).
    package var fetchedAt: Date

    /// Creates an entry.
    package init(data: Data, etag: String?, fetchedAt: Date) {
        self.data = data
        self.etag = etag
        self.fetchedAt = fetchedAt
    }
}
