import Foundation
import GHUsersKit

/// Prints users with their avatars (the layouts of ``AvatarListRenderer``) and profile headers,
/// loading avatars through the ``AvatarPipeline`` with a spinner on stderr.
///
/// Avatars that cannot be had are drawn as placeholders; only refusals (too many bytes or
/// pixels) are reported, once each, on stderr.
final class AvatarPrinter {
    private let service: CombinedService
    private let pipeline: AvatarPipeline
    private let renderer: AvatarListRenderer
    private let progress = ProgressLine()
    private let output = OutputStream.standardOutput
    private var reported: Set<String> = []
    /// Users printed.
    private(set) var count = 0

    /// Users are loaded and printed this many at a time.
    static let batchSize = 30

    /// A printer, or `nil` when the settings say not to draw avatars, or when the image
    /// libraries cannot be opened (said on stderr: the rows are printed without avatars).
    init?(settings: GlobalSettings, avatars: AvatarMode, service: CombinedService) {
        let environment = settings.environment
        guard avatars.drawsAvatars(fileDescriptor: 1, json: settings.json, environment: environment) else { return nil }
        do {
            try ImageLibraries.loadAll()
        } catch {
            Messages.notice(error.localizedDescription)
            return nil
        }
        self.service = service
        self.pipeline = service.makeAvatarPipeline(sizeLimit: AvatarOptions.cacheSizeLimit(environment: environment))
        self.renderer = AvatarListRenderer(
            columns: Terminal.columns(1, environment: environment),
            drawer: AvatarDrawer(mode: GraphicsMode.detect(environment: environment)),
            color: settings.colorsStandardOutput)
    }

    /// Prints the cached users after `after` in id order, at most `limit`, a batch at a time.
    func list(after: Int64, limit: Int?) async throws {
        var position = try service.rank(through: after) + 1
        var cursor = after
        while limit.map({ count < $0 }) ?? true {
            var batch: [UserDetails] = []
            try service.list(after: cursor, limit: min(Self.batchSize, (limit ?? .max) - count)) { batch.append($0) }
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
        var rows: [any AvatarRow] = []
        for user in users {
            rows.append(AvatarListRenderer.row(user, position: try service.rank(through: user.user.id)))
        }
        for start in stride(from: 0, to: rows.count, by: Self.batchSize) {
            await print(Array(rows[start..<min(rows.count, start + Self.batchSize)]))
        }
    }

    /// The full-size avatar of a profile, drawn with the best protocol the terminal has.
    func profileHeader(_ details: ProfileDetails) async -> String {
        let columns = 24
        let rows = 12
        let user = details.user
        progress.spin("loading the avatar of \(user.login)")
        let images = await load([user], size: .full)
        progress.finish()
        guard let image = images[user.id] else {
            return AvatarPlaceholder(id: user.id, login: user.login)
                .lines(columns: columns, rows: rows, colors: renderer.drawer.mode.colors).joined(separator: "\n") + "\n\n"
        }
        let scaled = renderer.drawer.mode.pixels == .symbols ? image.resized(width: columns * 4, height: rows * 8) : image
        return renderer.drawer.picture(scaled, columns: columns, rows: rows) + "\n"
    }

    private func print(_ rows: [any AvatarRow]) async {
        guard !rows.isEmpty else { return }
        let images = await load(rows.map(\.details.user), size: .thumbnail)
        progress.finish()
        output.write(renderer.render(rows, avatars: images))
        output.flush()
        count += rows.count
    }

    /// Loads the avatars of `users` (the pipeline's queue sends one request at a time).
    private func load(_ users: [User], size: AvatarRequest.Size) async -> [Int64: RGBAImage] {
        let pipeline = self.pipeline
        var images: [Int64: RGBAImage] = [:]
        var failures: [AvatarError] = []
        await withTaskGroup(of: (Int64, Result<RGBAImage, any Error>).self) { group in
            for user in users {
                group.addTask {
                    guard let request = AvatarRequest(avatarURL: user.avatarURL, size: size) else {
                        return (user.id, .failure(AvatarError.invalidURL(user.avatarURL)))
                    }
                    do { return (user.id, .success(try await pipeline.image(for: request))) } catch { return (user.id, .failure(error)) }
                }
            }
            var done = 0
            for await (id, result) in group {
                done += 1
                if users.count > 1 { progress.spin("loading avatars \(done)/\(users.count)") }
                switch result {
                case .success(let image): images[id] = image
                case .failure(let error as AvatarError): failures.append(error)
                case .failure: break
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
        return images
    }
}
