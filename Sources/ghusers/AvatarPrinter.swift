import Foundation
import GHUsersKit
import Logging

/// Prints users with their avatars (the layouts of ``AvatarListRenderer``) and profile headers,
/// loading avatars through the ``AvatarPipeline`` with a spinner on stderr.
///
/// Avatars that cannot be had are drawn as placeholders. Refusals (too many bytes or pixels)
/// are reported, once each, on stderr, and so is a disk cache that cannot keep avatars (a full
/// disk: they are drawn all the same); every other failure is logged at debug level
/// (`GHUSERS_LOG=debug`), and ``finish()`` says why when not one avatar could be drawn.
///
/// A listing never waits long on the network: the first batch of rows may download the
/// avatars it lacks, and later ones only within ``networkBudget`` of the start; past it, rows
/// draw what is on disk and placeholders for the rest, which ``finish()`` counts and leaves to
/// `ghusers avatars prefetch` (one download a user: about 3 min 46 s for a first 5,000).
final class AvatarPrinter {
    private let service: CombinedService
    private let pipeline: AvatarPipeline
    /// The same cache, never the network: rows past the budget.
    private let diskOnly: AvatarPipeline
    /// How long a listing's rows may download avatars, after the first batch: 2 s.
    static let networkBudget = Duration.seconds(2)
    private let started = ContinuousClock.now
    private var batches = 0
    /// Avatars drawn as placeholders because they were not on disk past the budget.
    private var notOnDisk = 0
    /// `--offline`: no download at all, said as such (not as the budget's placeholders).
    private let offline: Bool
    private let renderer: AvatarListRenderer
    private let progress = ProgressLine()
    private let output = OutputStream.standardOutput
    private var reported: Set<String> = []
    private var reportedStoreFailure = false
    private let logger = Logger(label: "ghusers.avatars")
    /// Avatars loaded and failed in this run, and the last failure's reason.
    private var drawn = 0
    private var failed = 0
    private var lastFailure: String?
    /// Users printed.
    private(set) var count = 0

    /// Users are loaded and printed this many at a time.
    static let batchSize = 30

    /// A printer, or `nil` when the settings say not to draw avatars, or when the image
    /// libraries cannot be opened (said on stderr: the rows are printed without avatars).
    init?(settings: GlobalSettings, avatars: AvatarMode, service: CombinedService) {
        let environment = settings.environment
        guard avatars.drawsAvatars(fileDescriptor: 1, json: settings.json || settings.tsv || settings.csv, environment: environment, colors: settings.colorsStandardOutput)
        else { return nil }
        do {
            try ImageLibraries.loadAll()
        } catch {
            Messages.notice(ErrorText.sentence(error))
            return nil
        }
        self.service = service
        self.offline = settings.offline
        self.pipeline = service.makeAvatarPipeline(sizeLimit: AvatarOptions.cacheSizeLimit(environment: environment))
        self.diskOnly = service.makeAvatarPipeline(sizeLimit: AvatarOptions.cacheSizeLimit(environment: environment), diskOnly: true)
        self.renderer = AvatarListRenderer(
            columns: Terminal.columns(1, environment: environment),
            drawer: AvatarDrawer(mode: GraphicsMode.detect(environment: environment)),
            color: settings.colorsStandardOutput)
    }

    /// Prints the cached users after `after` in id order, at most `limit`, a batch at a time.
    func list(after: Int64, limit: Int?) async throws {
        var position = try await service.rank(through: after) + 1
        var cursor = after
        while limit.map({ count < $0 }) ?? true {
            var batch: [UserDetails] = []
            try await service.list(after: cursor, limit: min(Self.batchSize, (limit ?? .max) - count)) { batch.append($0) }
            guard let last = batch.last else { return }
            await print(batch, firstPosition: position)
            position += batch.count
            cursor = last.user.id
        }
    }

    /// Prints users that follow each other in id order, the first at `firstPosition`.
    func print(_ users: [UserDetails], firstPosition: Int) async {
        await print(users.enumerated().map { AvatarListRenderer.row($1, position: firstPosition + $0) })
    }

    /// Prints users that may not follow each other, each at its own position.
    func print(scattered users: [UserDetails]) async throws {
        let ranks = try await service.ranks(of: users.map(\.user.id))
        let rows: [any AvatarRow] = users.map { AvatarListRenderer.row($0, position: ranks[$0.user.id] ?? 0) }
        for start in stride(from: 0, to: rows.count, by: Self.batchSize) {
            await print(Array(rows[start..<min(rows.count, start + Self.batchSize)]))
        }
    }

    /// The full-size avatar of a profile, drawn with the best protocol the terminal has.
    func profileHeader(_ details: ProfileDetails) async -> String {
        let user = details.user
        progress.spin("loading the avatar of \(user.login)")
        let images = await load([user], size: .full)
        progress.finish()
        return await BlockingExecutor.images.run { [renderer] in renderer.profileHeader(images[user.id], id: user.id, login: user.login) }
    }

    /// Says once why, when not one avatar of this run could be drawn (a placeholder for each),
    /// and how many were left to `avatars prefetch` to keep the listing quick.
    func finish() {
        if notOnDisk > 0 {
            progress.finish()
            Messages.notice(
                "\(notOnDisk) avatar\(notOnDisk == 1 ? "" : "s") not on disk yet drawn as placeholders, to keep the listing quick; `ghusers avatars prefetch` fetches them")
        }
        // A reason said already (a refusal, a sign-in wall) is not said again.
        guard drawn == 0, let reason = lastFailure, failed > 0, !reported.contains(reason) else { return }
        progress.finish()
        let hint = reason == AvatarError.notCached.localizedDescription ? "; `ghusers avatars prefetch` keeps them for offline use" : ""
        Messages.notice("no avatar could be drawn (\(failed) failed): \(reason)\(hint)")
    }

    private func print(_ rows: [any AvatarRow]) async {
        guard !rows.isEmpty else { return }
        batches += 1
        let downloads = offline || batches == 1 || ContinuousClock.now - started < Self.networkBudget
        let images = await load(rows.map(\.details.user), size: .thumbnail, downloads: downloads)
        progress.finish()
        let text = await BlockingExecutor.images.run { [renderer] in renderer.render(rows, avatars: images) }
        output.write(text)
        output.flush()
        count += rows.count
    }

    /// Loads the avatars of `users` (the pipeline's queue sends one request at a time).
    /// `downloads`: whether avatars not on disk may be downloaded, else drawn as placeholders.
    private func load(_ users: [User], size: AvatarRequest.Size, downloads: Bool = true) async -> [Int64: RGBAImage] {
        let pipeline = downloads ? self.pipeline : diskOnly
        var images: [Int64: RGBAImage] = [:]
        var failures: [AvatarError] = []
        await withTaskGroup(of: AvatarLoad.self) { group in
            for user in users {
                group.addTask {
                    guard let request = AvatarRequest(avatarURL: user.avatarURL, size: size) else {
                        return AvatarLoad(user: user, result: .failure(AvatarError.invalidURL(user.avatarURL)))
                    }
                    // The awaited image is bound to a local before the value that carries it is
                    // built: in -O, Swift 6.3 corrupts tuple elements computed before a suspension
                    // in an async result (swiftlang/swift#91911; SourceRulesTests keeps it out).
                    do {
                        let image = try await pipeline.image(for: request)
                        return AvatarLoad(user: user, result: .success(image))
                    } catch {
                        return AvatarLoad(user: user, result: .failure(error))
                    }
                }
            }
            var done = 0
            for await load in group {
                done += 1
                if users.count > 1 { progress.spin("loading avatars \(done)/\(users.count)") }
                switch load.result {
                case .success(let image):
                    images[load.user.id] = image
                    drawn += 1
                case .failure(AvatarError.notCached) where !downloads:
                    notOnDisk += 1
                case .failure(let error):
                    let reason = ErrorText.sentence(error)
                    logger.debug("no avatar for \(load.user.login) (\(load.user.avatarURL)): \(reason)")
                    failed += 1
                    lastFailure = reason
                    if let error = error as? AvatarError { failures.append(error) }
                }
            }
        }
        for failure in failures where failure.isWorthReporting {
            let text = failure.localizedDescription
            if reported.insert(text).inserted {
                progress.finish()
                Messages.notice(text)
            }
        }
        if !reportedStoreFailure, let reason = pipeline.storeFailure {
            reportedStoreFailure = true
            progress.finish()
            Messages.notice("avatars are drawn but not kept in the cache (\(reason))")
        }
        return images
    }
}

/// What one avatar load of ``AvatarPrinter`` brought.
private struct AvatarLoad: Sendable {
    let user: User
    let result: Result<RGBAImage, any Error>
}
