import CImaging
import Foundation

extension ImageDecoder {
    /// Decodes the first frame of a GIF with giflib's record reader: later frames are never
    /// decompressed. The frame is drawn on the logical screen, transparent where it does not
    /// cover it or where its colour is the transparent index.
    static func decodeGIF(_ data: Data, limits: Limits) throws -> RGBAImage {
        let giflib = try ImageLibraries.gif.get()
        let source = GIFSource(bytes: [UInt8](data))
        let retained = Unmanaged.passRetained(source)
        defer { retained.release() }
        var error: Int32 = 0
        guard let gif = giflib.open(retained.toOpaque(), { gif, buffer, count in
            guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
            return Unmanaged<GIFSource>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(count))
        }, &error) else {
            throw ImageDecodingError.corrupt(describe(error))
        }
        defer { _ = giflib.close_file(gif, &error) }
        let screenWidth = Int(gif.pointee.SWidth)
        let screenHeight = Int(gif.pointee.SHeight)
        if screenWidth > 0 && screenHeight > 0 { try limits.check(width: screenWidth, height: screenHeight) }
        var transparentIndex: Int?
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard giflib.get_record_type(gif, &type) == GIF_OK else { throw ImageDecodingError.corrupt(describe(gif.pointee.Error)) }
            if type == EXTENSION_RECORD_TYPE {
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard giflib.get_extension(gif, &code, &block) == GIF_OK else { throw ImageDecodingError.corrupt(describe(gif.pointee.Error)) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 1 != 0 {
                    transparentIndex = Int(block[4])
                }
                while block != nil {
                    guard giflib.get_extension_next(gif, &block) == GIF_OK else { throw ImageDecodingError.corrupt(describe(gif.pointee.Error)) }
                }
            } else if type == IMAGE_DESC_RECORD_TYPE {
                guard giflib.get_image_desc(gif) == GIF_OK else { throw ImageDecodingError.corrupt(describe(gif.pointee.Error)) }
                return try firstFrame(of: gif, giflib: giflib, limits: limits, transparentIndex: transparentIndex)
            } else if type == TERMINATE_RECORD_TYPE {
                throw ImageDecodingError.corrupt("the GIF has no image")
            }
        }
    }

    private static func firstFrame(
        of gif: UnsafeMutablePointer<GifFileType>, giflib: cimaging_gif, limits: Limits, transparentIndex: Int?
    ) throws -> RGBAImage {
        let frame = gif.pointee.Image
        let frameWidth = Int(frame.Width)
        let frameHeight = Int(frame.Height)
        try limits.check(width: frameWidth, height: frameHeight)
        let width = gif.pointee.SWidth > 0 ? Int(gif.pointee.SWidth) : frameWidth
        let height = gif.pointee.SHeight > 0 ? Int(gif.pointee.SHeight) : frameHeight
        // The canvas too: a screen 0 pixels wide and 65,535 high skips the screen check in
        // decodeGIF, and its height is still the canvas's (found by fuzzing).
        try limits.check(width: width, height: height)
        guard let map = frame.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw ImageDecodingError.corrupt("the GIF has no colour table")
        }
        let colorCount = Int(map.pointee.ColorCount)
        var image = RGBAImage(width: width, height: height, filledWith: RGBAImage.RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        var line = [GifPixelType](repeating: 0, count: frameWidth)
        for row in rowOrder(height: frameHeight, interlaced: frame.Interlace) {
            guard giflib.get_line(gif, &line, Int32(frameWidth)) == GIF_OK else { throw ImageDecodingError.corrupt(describe(gif.pointee.Error)) }
            let y = Int(frame.Top) + row
            guard y >= 0 && y < height else { continue }
            for (column, index) in line.enumerated() {
                let x = Int(frame.Left) + column
                guard x >= 0 && x < width, Int(index) != transparentIndex, Int(index) < colorCount else { continue }
                let color = colors[Int(index)]
                image[x, y] = RGBAImage.RGBA(red: color.Red, green: color.Green, blue: color.Blue)
            }
        }
        return image
    }

    /// The order rows arrive in: top to bottom, or the four passes of an interlaced GIF.
    private static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    private static func describe(_ error: Int32) -> String {
        (try? ImageLibraries.gif.get())?.error_string(error).map { String(cString: $0) } ?? "giflib error \(error)"
    }
}

/// The bytes giflib reads from, through `DGifOpen`'s callback.
private final class GIFSource {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into buffer: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
        let available = min(count, bytes.count - offset)
        guard available > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + offset, count: available)
        }
        offset += available
        return Int32(available)
    }
}
