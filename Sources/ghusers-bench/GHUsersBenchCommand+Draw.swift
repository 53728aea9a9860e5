import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersBenchCommand {
    /// Decodes an image file, scales it and draws it as a thumbnail of block symbols, the way
    /// `ghusers list --avatars` draws one avatar: the avatar workload, beside `chafa`.
    struct Draw: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode a PNG, JPEG or GIF, resize it and draw it in 24-bit block symbols.")

        @Argument(help: "The image file.")
        var file: String

        @Option(help: "Width in cells.")
        var columns = 16

        @Option(help: "Height in cells.")
        var rows = 8

        func run() throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            var image = try ImageDecoder.decode(data)
            // As AvatarListRenderer: down to 4x8 pixels a cell before drawing.
            let (width, height) = (columns * 4, rows * 8)
            if image.width > width || image.height > height { image = image.resized(width: width, height: height) }
            let lines = AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .trueColor))
                .symbolLines(image, columns: columns, rows: rows)
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }
}
