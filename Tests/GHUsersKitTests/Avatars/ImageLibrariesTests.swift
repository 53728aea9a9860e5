import CImaging
import CImagingChecks
import Testing

@testable import GHUsersKit

@Suite("Image libraries opened on demand")
struct ImageLibrariesTests {
    @Test("every library opens and every function is found")
    func loadsAll() throws {
        try ImageLibraries.loadAll()
        #expect(throws: Never.self) { try ImageLibraries.png.get() }
        #expect(throws: Never.self) { try ImageLibraries.gif.get() }
        #expect(throws: Never.self) { try ImageLibraries.chafa.get() }
        #expect(throws: Never.self) { try ImageLibraries.jpeg.get() }
    }

    @Test("every copied chafa and GLib function is compared with chafa's header at build time")
    func everyChafaFunctionIsChecked() {
        // struct cimaging_chafa holds nothing but function pointers.
        let functions = MemoryLayout<cimaging_chafa>.size / MemoryLayout<UnsafeRawPointer>.size
        #expect(Int(cimaging_checks_chafa_functions()) == functions)
    }

    @Test("a library that is not installed is a failure that names it and says what to do")
    func missingLibrary() {
        let result = ImageLibraries.load("libpng-that-is-not-installed.so.16", cimaging_load_png)
        guard case .failure(let error) = result else {
            Issue.record("a library that does not exist was opened")
            return
        }
        #expect(error.reason.contains("libpng-that-is-not-installed.so.16"))
        #expect(error.localizedDescription.contains("--avatars never"))
    }
}
