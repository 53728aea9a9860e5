import Foundation

/// An image library (libpng, libjpeg, giflib, libchafa) could not be opened.
public struct ImageLibraryError: Error, Equatable {
    /// What the dynamic loader said, e.g. `libchafa.so.0: cannot open shared object file: ...`.
    public var reason: String
}

extension ImageLibraryError: LocalizedError {
    public var errorDescription: String? {
        "avatars are not drawn: \(reason); install the image libraries (bash scripts/install-system-packages) or pass --avatars never"
    }
}
