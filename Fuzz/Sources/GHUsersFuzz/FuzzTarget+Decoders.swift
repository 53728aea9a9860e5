import Foundation

@testable import GHUsersKit

extension FuzzTarget {
    /// Never crashes; whenever the one-pass reader accepts a body, `JSONDecoder` reads the same
    /// page from it (the promise of `UsersPage.fastUsers(in:)`); every user kept is valid.
    static func usersPage(_ data: Data) {
        guard let page = try? UsersPage(decoding: data) else { return }
        guard page.users.count + page.skipped == page.itemCount else { fatalError("users + skipped != items: \(page)") }
        for user in page.users where (try? user.validated()) != user {
            fatalError("an invalid user was kept: \(user)")
        }
        guard UsersPage.fastUsers(in: data) != nil else { return }
        guard let slow = try? UsersPage(decodingItemByItem: data) else { fatalError("the fast reader accepted a body JSONDecoder refuses") }
        guard slow == page else { fatalError("the fast reader and JSONDecoder disagree:\n\(page)\n\(slow)") }
    }

    /// Never crashes; a profile it returns has a valid user and fields within the cap.
    static func profile(_ data: Data) {
        guard let (user, profile) = try? HTTPService.Users.FetchProfile.decode(data) else { return }
        guard (try? user.validated()) == user else { fatalError("an invalid user was returned: \(user)") }
        for field in [profile.name, profile.bio, profile.company, profile.blog, profile.location, profile.email] {
            if let field, field.count > Profile.maximumFieldLength { fatalError("a field over the cap: \(field.count)") }
        }
    }

    /// Never crashes, never fails but on a damaged file; every entry is accounted for once.
    static func notesArchive(_ data: Data) {
        guard let archive = try? NotesArchive(decoding: data) else { return }
        do {
            let database = try notesDatabase()
            for strategy in [NotesConflictStrategy.merge, .replace] {
                let report = try database.write { db in try StoreService.Notes.import(archive, onConflict: strategy, db) }
                let accounted = report.added + report.updated + report.unchanged + report.rejected.count
                guard accounted == archive.notes.count else { fatalError("\(archive.notes.count) entries, \(accounted) accounted for: \(report)") }
            }
        } catch {
            fatalError("the import failed: \(error)")
        }
    }

    /// Never crashes; an image it decodes is within the limits and has its pixels.
    static func images(_ data: Data) {
        let limits = ImageDecoder.Limits(maximumWidth: 512, maximumHeight: 512)
        guard let image = try? ImageDecoder.decode(data, limits: limits) else { return }
        guard image.width > 0, image.height > 0, image.width <= 512, image.height <= 512 else { fatalError("\(image.width)×\(image.height) decoded") }
        guard image.pixels.count == image.width * image.height * 4 else { fatalError("\(image.pixels.count) bytes for \(image.width)×\(image.height)") }
    }

    /// An in-memory store with users 1 (mojombo) and 2 (defunkt), a note on each and one on a
    /// login not cached, so that imports meet every branch: by id, by login, conflicts, pending.
    private static func notesDatabase() throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let page = try UsersPage(
            decoding: Data(
                """
                [{"login":"mojombo","id":1,"node_id":"MDQ6VXNlcjE=","avatar_url":"https://avatars.githubusercontent.com/u/1?v=4","html_url":"https://github.com/mojombo","type":"User","site_admin":false},
                {"login":"defunkt","id":2,"node_id":"MDQ6VXNlcjI=","avatar_url":"https://avatars.githubusercontent.com/u/2?v=4","html_url":"https://github.com/defunkt","type":"User","site_admin":false}]
                """.utf8))
        try database.write { db in
            try StoreService.Sync.savePage(page, request: UsersPageRequest(since: 0, movesCursor: true), etag: nil, db)
            for (login, text) in [("mojombo", "local note"), ("defunkt", "another"), ("pending", "waiting for its user")] {
                try StoreService.Notes.save(login: login, text: text, db)
            }
        }
        return database
    }
}
