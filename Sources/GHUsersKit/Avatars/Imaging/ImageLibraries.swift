import CImaging

/// The C libraries avatars are decoded and drawn with, each opened the first time it is needed.
///
/// They are not linked: the dynamic loader would map and relocate them (GLib and PCRE2 with
/// them) at every start, about 3 ms of `search`, for the many commands that never draw an image
/// (`Sources/CImaging/include/CImaging.h`, Docs/BENCHMARKS.md). Each is opened at most once per
/// process; one that cannot be opened stays a failure.
package enum ImageLibraries {
    /// libpng's functions.
    static let png = load(Names.png, cimaging_load_png)
    /// giflib's functions.
    static let gif = load(Names.gif, cimaging_load_gif)
    /// libchafa's and GLib's functions.
    static let chafa = load(Names.chafa, cimaging_load_chafa)
    /// libjpeg's functions, which `cimaging_jpeg_decode_rgba` calls.
    static let jpeg = load(Names.jpeg, cimaging_load_jpeg)

    /// Opens every library now, and from now on has glibc give decoded images' memory back
    /// when they go (``unmapLargeBuffers()``): what draws avatars calls this first.
    ///
    /// - Throws: ``ImageLibraryError`` naming the first that cannot be opened.
    package static func loadAll() throws {
        unmapLargeBuffers()
        _ = try png.get()
        _ = try gif.get()
        _ = try chafa.get()
        _ = try jpeg.get()
    }

    /// From now on, every allocation of 128 KiB or more is mapped on its own and unmapped when
    /// freed (`cimaging_unmap_large_buffers`): decoded images, and the search index's buffers.
    static func unmapLargeBuffers() {
        cimaging_unmap_large_buffers()
    }

    /// Gives the system the heap's free pages (`cimaging_give_back_free_heap`).
    static func giveBackFreeHeap() {
        cimaging_give_back_free_heap()
    }

    /// The libraries' file names: the sonames of the Debian packages, or Homebrew's dylibs.
    enum Names {
        #if canImport(Darwin)
            static let png = "libpng16.16.dylib"
            static let jpeg = "libjpeg.8.dylib"
            static let gif = "libgif.7.dylib"
            static let chafa = "libchafa.0.dylib"
        #else
            static let png = "libpng16.so.16"
            static let jpeg = "libjpeg.so.62"
            static let gif = "libgif.so.7"
            static let chafa = "libchafa.so.0"
        #endif
    }

    /// Opens `library` with `loader` and returns its table of functions, or why it failed.
    static func load<Table>(
        _ library: String, _ loader: (UnsafePointer<CChar>, UnsafeMutablePointer<Table>) -> UnsafePointer<CChar>?
    ) -> Result<Table, ImageLibraryError> {
        // The tables' function pointers are non-null, so Swift has no empty value to start from.
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let failure = loader(library, table) { return .failure(ImageLibraryError(reason: String(cString: failure))) }
        return .success(table.pointee)
    }
}
