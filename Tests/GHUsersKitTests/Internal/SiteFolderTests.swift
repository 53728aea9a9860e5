import Foundation
import Testing

@testable import GHUsersKit

@Suite("SiteFolder: a site's folder removed when its maker wrote nothing there")
struct SiteFolderTests {
    let sites = FileManager.default.temporaryDirectory.appendingPathComponent("site-folder-\(UUID().uuidString)/sites")
    var site: URL { sites.appendingPathComponent("api.example.com") }

    @Test("the maker alone removes the folder, its setup files and an empty sites/")
    func makerAlone() throws {
        let folder = try SiteFolder(url: site)
        #expect(folder.created)
        for name in SiteFolder.setupFiles { #expect(FileManager.default.createFile(atPath: site.appendingPathComponent(name).path, contents: Data())) }
        #expect(folder.isOnlyHolderOfFolderItMade())
        folder.release(removing: true)
        #expect(!FileManager.default.fileExists(atPath: sites.path))
    }

    @Test("a folder that another process holds, that this one did not make, or that holds other files stays")
    func keeps() throws {
        let maker = try SiteFolder(url: site)
        let other = try SiteFolder(url: site)  // its own open file description: as another process
        #expect(!other.created)
        #expect(!maker.isOnlyHolderOfFolderItMade())
        maker.release(removing: false)
        #expect(!other.isOnlyHolderOfFolderItMade())
        other.release(removing: false)

        let again = try SiteFolder(url: site)
        #expect(!again.created)
        again.release(removing: false)
        try FileManager.default.removeItem(at: site)

        let withDrafts = try SiteFolder(url: site)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("drafts"), withIntermediateDirectories: false)
        #expect(withDrafts.isOnlyHolderOfFolderItMade())
        withDrafts.release(removing: true)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("drafts").path))
        try FileManager.default.removeItem(at: sites.deletingLastPathComponent())
    }

    @Test("a folder put at the path by somebody else is never emptied by the maker of the old one")
    func replaced() throws {
        let maker = try SiteFolder(url: site)
        try FileManager.default.removeItem(at: site)  // `rm -rf` while it runs
        let other = try SiteFolder(url: site)  // another process's new folder, with its data
        let database = site.appendingPathComponent("ghusers.sqlite")
        #expect(FileManager.default.createFile(atPath: database.path, contents: Data("data".utf8)))
        #expect(maker.isOnlyHolderOfFolderItMade())  // its own folder is gone: nobody holds it
        maker.release(removing: true)
        #expect(FileManager.default.contents(atPath: database.path) == Data("data".utf8))
        other.release(removing: false)
        try FileManager.default.removeItem(at: sites.deletingLastPathComponent())
    }

    @Test("a process that waited while the maker removed the folder makes it again")
    func waiterMakesItAgain() async throws {
        let maker = try SiteFolder(url: site)
        #expect(maker.isOnlyHolderOfFolderItMade())  // now held exclusively
        let url = site
        // Waits on the lock on a thread of its own: a test never blocks the cooperative pool.
        let waiter = Task {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: Result { try SiteFolder(url: url) }) }
            }
        }
        // Give the waiter time to open the folder and wait on it: its open file is what makes
        // this case; whether it got there or not, the outcome must be the same.
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline, !Self.holdsOpen(site) { try await Task.sleep(for: .milliseconds(5)) }
        maker.release(removing: true)
        let held = try await waiter.value
        #expect(held.created)
        #expect(FileManager.default.fileExists(atPath: site.path))
        held.release(removing: held.isOnlyHolderOfFolderItMade())
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    /// Whether another descriptor of this process has `folder` open (Linux: /proc/self/fd).
    static func holdsOpen(_ folder: URL) -> Bool {
        let links = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let count = links.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == folder.path }.count
        return count >= 2
    }
}
