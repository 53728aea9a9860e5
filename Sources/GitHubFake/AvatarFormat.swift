/// The image format of a user's avatar, set per user id with ``FakeConfiguration/avatarFormats``.
///
/// GitHub serves some avatars as JPEG (rust-lang/crates.io #11516: "some GitHub users have JPEG
/// avatars instead of PNG") and some as GIF (honeynet/honeynet.org #84: an avatar "returned with a
/// content-type image/gif").
public enum AvatarFormat: String, Sendable, CaseIterable, Codable {
    /// The fake's identicon (or the file of ``FakeConfiguration/avatarFiles``), `image/png`.
    case png
    /// An 8 × 8 baseline JPEG of four coloured quadrants, `image/jpeg` (a copy of
    /// Tests/Fixtures/avatars/quadrants.jpg).
    case jpeg
    /// An 8 × 8 GIF89a of four coloured quadrants, `image/gif` (a copy of
    /// Tests/Fixtures/avatars/quadrants.gif).
    case gif
}
