/// A misbehaving avatar, set per user id with ``FakeConfiguration/avatarFaults``: what a
/// client's byte and pixel caps are for.
public enum AvatarFault: Sendable, Equatable, Codable {
    /// Answers `200 image/png` with a body of this many bytes: a PNG signature, then zeros.
    case oversized(bytes: Int)
    /// Answers `200 image/png` with a valid PNG header claiming `width` × `height` RGBA pixels,
    /// then the start of an image-data chunk cut short: a decompression bomb up to the point
    /// where a careful decoder refuses it.
    case hugeDimensions(width: Int, height: Int)
    /// Answers this HTTP status (404, 500, …) with a short text body instead of an image.
    case status(Int)
    /// The user's `avatar_url` points at ``AvatarFault/refusingBaseURL``, a loopback port where
    /// nothing listens: the connection is refused, while the API answers. A host that refuses.
    case refusingHost
    /// The avatar never answers (the handler waits until the client gives up, at most 10
    /// minutes): a host that hangs.
    case hang
    /// Sends the headers and half of the image, then closes the connection.
    case dropMidBody

    /// Where ``refusingHost`` avatars point: port 1 of loopback, where nothing listens.
    public static let refusingBaseURL = "http://127.0.0.1:1"
}
