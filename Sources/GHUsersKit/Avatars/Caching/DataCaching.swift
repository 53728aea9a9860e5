import Foundation

/// A persistent store of downloaded bytes by key: what ``AvatarPipeline`` needs from a disk
/// cache. ``DiskCache`` is the real one.
package protocol DataCaching: Sendable {
    /// The entry for `key`, or `nil` when there is none or it cannot be read back whole.
    func cachedData(for key: String) -> CachedData?
    /// Stores `entry` for `key`, replacing any earlier one; readers see the old entry or the
    /// new one, never a mix.
    func store(_ entry: CachedData, for key: String) throws
    /// Removes every entry.
    func removeAll() throws
    /// How many entries and bytes the cache holds.
    func usage() -> DiskCache.Usage
}
