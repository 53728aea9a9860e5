import Foundation

/// What the commands call: the network and the store together, cache first.
///
/// Reads (`list`, `search`, notes, a fresh cached profile) never touch the network. Operations
/// that need it build the ``GitHubClient`` on first use, so a command that only reads never
/// opens a connection or starts an event loop.
public final class CombinedService: Sendable {
    /// Settings of the service.
    public struct Configuration: Sendable {
        /// Where the files are.
        public var paths: GHUsersPaths
        /// The API root.
        public var apiURL: URL
        /// The API token, if any.
        public var token: String?
        /// `--offline`: never touch the network.
        public var offline: Bool = false
        /// The retry schedule.
        public var retryPolicy = RetryPolicy()
        /// How long a cached profile is shown without asking the server: 1 hour.
        public var profileMaxAge: TimeInterval = 3_600
        /// Time limits of one request.
        public var timeouts = HTTPTransport.Timeouts()

        /// The real API root.
        public static let gitHubAPI = URL(string: "https://api.github.com")!

        /// Creates settings.
        public init(paths: GHUsersPaths, apiURL: URL = Configuration.gitHubAPI, token: String? = nil) {
            self.paths = paths
            self.apiURL = apiURL
            self.token = token
        }
    }

    public let configuration: Configuration
    /// The local database.
    public let database: AppDatabase
    /// Made on first use (also by ``makeAvatarPipeline(sizeLimit:)``).
    let client: Lazy<GitHubClient>

    /// Opens the database and prepares (but does not open) the network client.
    ///
    /// - Parameter onRetry: told before every retry, for a status line.
    /// - Parameter transport: makes the transport on first network use; `nil` for the real
    ///   ``HTTPTransport`` with the configured timeouts (unit tests pass a scripted one).
    public init(
        configuration: Configuration,
        transport: (@Sendable () -> any HTTPTransporting)? = nil,
        onRetry: @escaping @Sendable (RetryController.Event) -> Void = { _ in }
    ) throws {
        self.configuration = configuration
        self.database = try AppDatabase.open(at: configuration.paths.database)
        self.client = Lazy {
            GitHubClient(
                configuration: .init(apiURL: configuration.apiURL, token: configuration.token),
                transport: transport?() ?? HTTPTransport(timeouts: configuration.timeouts),
                queue: RequestQueue(lockFileURL: configuration.paths.networkLock),
                retry: RetryController(policy: configuration.retryPolicy, onRetry: onRetry))
        }
    }

    /// Closes the network connection if one was opened, then the database (checkpointing its
    /// WAL). Call once at the end; the service is unusable afterwards.
    nonisolated(nonsending) public func shutdown() async {
        try? await client.ifMade?.shutdown()
        database.close()
    }

    func network(for what: String) throws -> GitHubClient {
        guard !configuration.offline else { throw CombinedServiceError.offline(what) }
        return client.wrappedValue
    }

    private func record(_ rateLimit: RateLimit?) {
        if let rateLimit { try? StoreService.Sync.RecordRateLimit(database: database)(rateLimit) }
    }

    /// Runs a request; when it ends on a used-up primary rate limit, remembers that (remaining
    /// 0, the reset time) for `status` before rethrowing.
    private func observingRateLimit<T: Sendable>(_ request: () async throws -> T) async throws -> T {
        do {
            return try await request()
        } catch GitHubAPIError.rateLimited(let reset) {
            let known = try? StoreService.Sync.State(database: database)().rateLimit
            record(RateLimit(limit: known?.limit ?? 0, remaining: 0, reset: reset, resource: known?.resource ?? "core"))
            throw GitHubAPIError.rateLimited(reset: reset)
        }
    }
}

// MARK: - Pages

extension CombinedService {
    /// One page that `nextPage` fetched and saved.
    public struct PageOutcome: Sendable {
        /// The saved users with their notes and seen marks, in id order.
        public var users: [UserDetails]
        /// Items of the page that were invalid and skipped.
        public var skipped: Int
        /// Whether this page was empty: the end of the list.
        public var reachedEnd: Bool
        /// Whether this was the first page ever stored (show the welcome).
        public var isFirstStore: Bool
        /// The `since` the page was asked with (`nil` for the very first page).
        public var since: Int64?
    }

    /// Fetches and saves up to `pages` pages after the cursor, calling `onPage` after each save.
    /// Stops early at the end of the list.
    public func nextPage(pages: Int = 1, onPage: (PageOutcome) throws -> Void) async throws {
        let fetch = HTTPService.Users.Fetch(client: try network(for: "next-page"))
        for _ in 0..<max(1, pages) {
            let state = try StoreService.Sync.State(database: database)()
            let isFirst = state.cursor == nil && state.pageSize == nil
            let since = isFirst ? nil : state.cursor ?? 0
            let perPage = isFirst ? nil : state.pageSize ?? 30
            let result = try await observingRateLimit { try await fetch(since: since, perPage: perPage, etag: nil) }
            guard case .page(let page, let etag, let rateLimit) = result else {
                throw GitHubAPIError.invalidResponse("304 to a request without an ETag")
            }
            record(rateLimit)
            let request = UsersPageRequest(
                since: since ?? 0, pageSize: isFirst && !page.isEmpty ? page.itemCount : nil, movesCursor: true)
            try StoreService.Users.Save(database: database)(page, request: request, etag: etag)
            var users: [UserDetails] = []
            if let cursor = page.cursor {
                try StoreService.Users.List(database: database)(after: since ?? 0, through: cursor) { users.append($0) }
            }
            var firstStore = false
            if !page.users.isEmpty && !state.welcomed {
                firstStore = try StoreService.Sync.MarkWelcomed(database: database)()
            }
            try onPage(
                PageOutcome(users: users, skipped: page.skipped, reachedEnd: page.isEmpty, isFirstStore: firstStore, since: since))
            if page.isEmpty { return }
        }
    }

    /// What `refresh` did.
    public struct RefreshSummary: Sendable, Codable, Hashable {
        /// Pages asked for.
        public var pages: Int
        /// Pages the server said were unchanged (`304`).
        public var notModified: Int
        /// Pages that changed and were saved again.
        public var updated: Int
        /// Users saved from the changed pages.
        public var users: Int

        enum CodingKeys: String, CodingKey {
            case pages, updated, users
            case notModified = "not_modified"
        }
    }

    /// Revalidates cached pages from the start with conditional requests, at most `pages` of
    /// them (`nil`: every page up to the cursor). Changed users are updated; notes and seen
    /// marks are kept; the cursor does not move.
    public func refresh(pages: Int? = nil) async throws -> RefreshSummary {
        let state = try StoreService.Sync.State(database: database)()
        guard let pageSize = state.pageSize, let cursor = state.cursor else { throw CombinedServiceError.nothingToRefresh }
        let fetch = HTTPService.Users.Fetch(client: try network(for: "refresh"))
        var summary = RefreshSummary(pages: 0, notModified: 0, updated: 0, users: 0)
        var since: Int64 = 0
        while since < cursor, pages.map({ summary.pages < $0 }) ?? true {
            let cached = try StoreService.Sync.Page(database: database)(since: since)
            let result = try await observingRateLimit {
                try await fetch(since: since == 0 ? nil : since, perPage: pageSize, etag: cached?.etag)
            }
            summary.pages += 1
            switch result {
            case .notModified(let rateLimit):
                record(rateLimit)
                summary.notModified += 1
                guard let cached else { throw GitHubAPIError.invalidResponse("304 for a page that is not cached") }
                since = cached.lastID
            case .page(let page, let etag, let rateLimit):
                record(rateLimit)
                try StoreService.Users.Save(database: database)(
                    page, request: UsersPageRequest(since: since, pageSize: nil, movesCursor: false), etag: etag)
                summary.updated += 1
                summary.users += page.users.count
                guard let next = page.cursor, next > since else { return summary }
                since = next
            }
        }
        return summary
    }
}

// MARK: - Profiles

extension CombinedService {
    /// The profile of `login`: the cached one at once if it is fresh (or `--offline`), else
    /// fetched with `If-None-Match`; the cached one, with the reason, when the network fails.
    /// Marks the user as seen.
    public func profile(login: String, refresh: Bool = false, now: Date = Date()) async throws -> ProfileDetails {
        let cached = try StoreService.Profiles.Find(database: database)(login: login)
        func fromCache(_ cached: CachedProfile, _ source: ProfileDetails.Source) throws -> ProfileDetails {
            try StoreService.Users.MarkSeen(database: database)(id: cached.details.user.id)
            return ProfileDetails(
                user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: true,
                fetchedAt: cached.fetchedAt, source: source)
        }
        if configuration.offline {
            guard let cached else { throw CombinedServiceError.profileNotCached(login: login) }
            return try fromCache(cached, .staleCache(reason: "offline"))
        }
        if let cached, !refresh, now.timeIntervalSince(cached.fetchedAt) < configuration.profileMaxAge {
            return try fromCache(cached, .cache)
        }
        let fetch = HTTPService.Users.FetchProfile(client: try network(for: "profile"))
        do {
            switch try await observingRateLimit({ try await fetch(login: login, etag: cached?.etag) }) {
            case .notModified(let rateLimit):
                record(rateLimit)
                guard let cached else { throw GitHubAPIError.invalidResponse("304 for a profile that is not cached") }
                try StoreService.Profiles.Touch(database: database)(userID: cached.details.user.id, now: now)
                var details = try fromCache(cached, .network)
                details.fetchedAt = now
                return details
            case .profile(let user, let profile, let etag, let rateLimit):
                record(rateLimit)
                try StoreService.Profiles.Save(database: database)(user: user, profile: profile, etag: etag, now: now)
                try StoreService.Users.MarkSeen(database: database)(id: user.id)
                let note = try StoreService.Notes.Find(database: database)(login: user.login)
                return ProfileDetails(user: user, profile: profile, note: note?.text, seen: true, fetchedAt: now, source: .network)
            }
        } catch GitHubAPIError.notFound {
            throw CombinedServiceError.userNotFound(login: login)
        } catch let error as GitHubAPIError {
            guard let cached else { throw error }
            return try fromCache(cached, .staleCache(reason: error.localizedDescription))
        }
    }
}

// MARK: - Local reads and notes

extension CombinedService {
    /// Streams cached users in id order (see ``StoreService/Users/List``).
    public func list(after: Int64 = 0, limit: Int? = nil, _ each: (UserDetails) throws -> Void) throws {
        try StoreService.Users.List(database: database)(after: after, limit: limit, each)
    }

    /// Streams local search results (see ``StoreService/Users/Search``).
    public func search(_ query: String, _ each: (SearchResult) throws -> Void) throws {
        try StoreService.Users.Search(database: database)(query, each)
    }

    /// Saves the note on `login`.
    @discardableResult
    public func saveNote(login: String, text: String) throws -> Note {
        try StoreService.Notes.Save(database: database)(login: login, text: text)
    }

    /// The note on `login`.
    public func note(login: String) throws -> Note {
        guard let note = try StoreService.Notes.Find(database: database)(login: login) else {
            throw CombinedServiceError.noNote(login: login)
        }
        return note
    }

    /// Deletes the note on `login`.
    public func deleteNote(login: String) throws {
        guard try StoreService.Notes.Delete(database: database)(login: login) else {
            throw CombinedServiceError.noNote(login: login)
        }
    }

    /// What `status` shows.
    public struct Status: Sendable {
        public var paths: GHUsersPaths
        public var statistics: StoreStatistics
        public var sync: SyncState
    }

    /// Counts and state of the cache.
    public func status() throws -> Status {
        Status(
            paths: configuration.paths, statistics: try StoreService.Sync.Statistics(database: database)(),
            sync: try StoreService.Sync.State(database: database)())
    }
}

// MARK: - Notes archive

extension CombinedService {
    /// Writes every note as a ``NotesArchive`` (stable order, one note per line) to `output`.
    public func exportNotes(to output: GHUsersKit.OutputStream, now: Date = Date()) throws {
        output.write("{\"format\":\"\(NotesArchive.formatName)\",\"version\":1,\"exported_at\":\"\(Timestamp.iso8601(now))\",\"notes\":[")
        var writer = JSONWriter()
        var first = true
        try StoreService.Notes.Export(database: database)() { note in
            writer.reset()
            writer.beginObject()
            writer.field("login", note.login)
            writer.field("id", note.userID)
            writer.field("note", note.text)
            writer.field("updated_at", Timestamp.iso8601(note.updatedAt))
            writer.endObject()
            output.write(first ? "\n" : ",\n")
            output.write(bytes: writer.bytes)
            first = false
        }
        output.write("\n]}\n")
    }

    /// Imports an archive made by ``exportNotes(to:now:)``.
    public func importNotes(_ data: Data, onConflict strategy: NotesConflictStrategy) throws -> NotesImportReport {
        try StoreService.Notes.Import(database: database)(NotesArchive(decoding: data), onConflict: strategy)
    }
}
