/// A misbehaving avatar, set per user id with ``FakeConfiguration/avatarFaults``: what a
/// client's byte and pixel caps are for.
public enum AvatarFault: Sendable, Equatable {
    /// Answers `200 image/png` with a body of this many bytes: a PNG signature, then zeros.
    case oversized(bytes: Int)
    /// Answers `200 image/png` with a valid PNG header claiming `width` × `height` RGBA pixels,
    /// then the start of an image-data chunk cut short: a decompression bomb up to the point
    /// where a careful decoder refuses it.
    case hugeDimensions(width: Int, height: Int)
    /// Answers this HTTP status (404, 500, …) with a short text body instead of an image.
    case status(Int)
}
