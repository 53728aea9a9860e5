import ArgumentParser
import Dispatch
import GHUsersKit

extension GHUsersBenchCommand {
    /// Times what `browse` does after every key between applying its answer and writing: the
    /// view's frame and its difference from the frame on screen, for a list whose users all
    /// change (a search key). No terminal, no database: the cost of drawing alone.
    struct Frame: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time browse's frame and frame difference per key, in microseconds.")

        @Option(help: "Terminal width.")
        var columns = 80

        @Option(help: "Terminal height.")
        var rows = 24

        @Option(help: "Frames timed.")
        var runs = 2_000

        func validate() throws {
            guard runs > 0, columns > 0, rows > 0 else { throw ValidationError("--runs, --columns and --rows must be at least 1.") }
        }

        func run() {
            // Two windows of 50 users with no user in common, every third with a note: each
            // frame replaces the whole list, as a search key does.
            func model(first: Int) -> BrowserModel {
                var model = BrowserModel(columns: columns, rows: rows, offline: true, avatarsEnabled: false)
                _ = model.start()
                _ = model.update(.counted(100_000, pageSize: 100, rateLimit: nil, endReached: false))
                let users = (first..<first + 50).map { id in
                    UserDetails(
                        user: User(id: Int64(id), login: "user\(id)", avatarURL: "https://avatars.example/u/\(id)"),
                        note: id % 3 == 0 ? "keeps bees in the garden, met at a conference" : nil)
                }
                _ = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: users))
                return model
            }
            let models = [model(first: 1), model(first: 1_001)]
            let view = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .indexed256)), color: true)
            var shown = view.frame(models[1])
            var frames: [Double] = []
            var diffs: [Double] = []
            var bytes = 0
            for run in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                let frame = view.frame(models[run % 2])
                let framed = DispatchTime.now().uptimeNanoseconds
                bytes = FrameDiff.bytes(from: shown, to: frame).count
                frames.append(Double(framed - start) / 1e3)
                diffs.append(Double(DispatchTime.now().uptimeNanoseconds - framed) / 1e3)
                shown = frame
            }
            func median(_ samples: [Double]) -> String { String(format: "%.1f", samples.sorted()[samples.count / 2]) }
            print("\(columns)x\(rows): frame median \(median(frames)) µs, difference median \(median(diffs)) µs, \(bytes) bytes written")
        }
    }
}
