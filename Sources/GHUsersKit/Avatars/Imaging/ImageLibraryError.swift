import Foundation

/// An image library (libpng, libjpeg, giflib, libchafa) could not be opened.
package struct ImageLibraryError: Error, Equatable {
    /// What the dynamic loader said, e.g. `libchafa.so.0: cannot open shared object file: ...`.
    package var reason: String
}

extension ImageLibraryError: LocalizedError {
    package var errorDescription: String? {
        "avatars are not drawn: \(reason); install the image libraries (bash scripts/install-system-packages) or pass --avatars never"
    }
}
