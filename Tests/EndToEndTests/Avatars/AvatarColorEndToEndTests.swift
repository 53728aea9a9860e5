import Foundation
import GitHubFake
import Testing

/// Avatars in 256 colours are the colours of the truecolor drawing, to the palette's nearest:
/// a wrong index (the blue byte of the right colour, say) still draws, without an error, so
/// only the colours can tell.
@Suite("Avatar colours in 256 colours and truecolor")
struct AvatarColorEndToEndTests {
    /// One cell's colours as RGB; `nil` for the terminal's own.
    struct Colors: Equatable {
        var foreground: [Int]?
        var background: [Int]?
    }

    /// xterm's 256-colour palette as RGB: 16 system colours, the 6×6×6 cube, 24 greys.
    static func rgb(ofIndex index: Int) -> [Int] {
        let system = [
            [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
            [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
        ]
        if index < 16 { return system[index] }
        if index >= 232 { return Array(repeating: 8 + (index - 232) * 10, count: 3) }
        let levels = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return [levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6]]
    }

    /// The cells of one line as its SGR escapes leave them (`ESC[0;…m` before a run).
    static func cells(of line: Substring) -> [Colors] {
        var cells: [Colors] = []
        var current = Colors()
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == "\u{1B}", let end = line[index...].firstIndex(of: "m") {
                let codes = line[line.index(index, offsetBy: 2)..<end].split(separator: ";").compactMap { Int($0) }
                current = Colors()
                var i = 0
                while i < codes.count {
                    let target: WritableKeyPath<Colors, [Int]?>? = codes[i] == 38 ? \.foreground : codes[i] == 48 ? \.background : nil
                    if let target, i + 2 < codes.count, codes[i + 1] == 5 {
                        current[keyPath: target] = rgb(ofIndex: codes[i + 2])
                        i += 3
                    } else if let target, i + 4 < codes.count, codes[i + 1] == 2 {
                        current[keyPath: target] = Array(codes[(i + 2)...(i + 4)])
                        i += 5
                    } else {
                        i += 1
                    }
                }
                index = line.index(after: end)
                continue
            }
            cells.append(current)
            index = line.index(after: index)
        }
        return cells
    }

    static func distance(_ a: [Int], _ b: [Int]) -> Double {
        (zip(a, b).map { Double(($0 - $1) * ($0 - $1)) }.reduce(0, +)).squareRoot()
    }

    /// The avatar cells (the first 6 columns of each entry's 3 lines) of `list --avatars always`.
    static func avatarCells(_ world: EndToEnd, graphics: String) async throws -> [[Colors]] {
        let result = try await world.run(["list", "--limit", "4", "--avatars", "always"], environment: ["GHUSERS_GRAPHICS": graphics, "COLUMNS": "80"])
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map { Array(cells(of: $0).prefix(6)) }
    }

    @Test("each cell drawn in 256 colours has its truecolor drawing's colour, as near as the palette allows")
    func paletteMatchesTruecolor() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            let indexed = try await Self.avatarCells(world, graphics: "256")
            let truecolor = try await Self.avatarCells(world, graphics: "24bit")
            #expect(indexed.count == truecolor.count && indexed.count >= 12, "\(indexed.count) lines")
            var compared = 0
            for (line, palette) in indexed.enumerated() {
                for (column, cell) in palette.enumerated() {
                    // The truecolor drawing's colours at this cell and its neighbours: libchafa may
                    // split a cell's pixels a little differently between two palettes' symbols.
                    var truths: [[Int]] = []
                    for y in max(0, line - 1)...min(truecolor.count - 1, line + 1) where line / 3 == y / 3 {
                        for x in max(0, column - 1)...min(truecolor[y].count - 1, column + 1) {
                            truths += [truecolor[y][x].foreground, truecolor[y][x].background].compactMap { $0 }
                        }
                    }
                    for color in [cell.foreground, cell.background].compactMap({ $0 }) where !truths.isEmpty {
                        compared += 1
                        let (error, truth) = truths.map { (Self.distance(color, $0), $0) }.min { $0.0 < $1.0 }!
                        // What the palette cannot help (its nearest entry to that truth), and a little more.
                        let floor = (16..<256).map { Self.distance(Self.rgb(ofIndex: $0), truth) }.min()!
                        #expect(error <= floor + 30, "line \(line) column \(column): \(color) for \(truth), the palette's nearest \(floor)")
                    }
                }
            }
            #expect(compared >= 100, "compared \(compared) colours")
        }
    }
}
