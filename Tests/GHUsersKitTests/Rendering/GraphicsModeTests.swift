import Testing

@testable import GHUsersKit

@Suite("GraphicsMode and placeholders: the colours the terminal has")
struct GraphicsModeTests {
    @Test("24-bit where COLORTERM says so, the 256 palette where terminfo has it or no terminal is known, the 8 standard colours below 256")
    func colorsFollowTheTerminal() {
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]).colors == .trueColor)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color"]).colors == .indexed256)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm"]).colors == .indexed8)
        #expect(GraphicsMode.detect(environment: ["TERM": "linux"]).colors == .indexed8)
        // No terminal to ask (avatars forced into a file): the palette most terminals read.
        #expect(GraphicsMode.detect(environment: [:]).colors == .indexed256)
        #expect(GraphicsMode.detect(environment: ["TERM": "dumb"]).colors == .indexed256)
    }

    @Test("an 8-colour placeholder uses the standard colours only, white initials on a colour, black when inverted")
    func placeholderInEightColours() {
        for id in Int64(1)...200 {
            let placeholder = AvatarPlaceholder(id: id, login: "mojombo")
            for inverted in [false, true] {
                let grid = placeholder.cells(columns: 6, rows: 3, colors: .indexed8, inverted: inverted)
                let cell = grid[2, 1]
                guard case .indexed(let background) = cell.style.background, case .indexed(let foreground) = cell.style.foreground else {
                    Issue.record("id \(id): not indexed: \(cell.style)")
                    continue
                }
                #expect(background < 8 && foreground < 8, "id \(id)")
                #expect(foreground == (inverted ? 0 : 7), "id \(id)")
                #expect(background != foreground, "id \(id): initials must show")
            }
        }
    }
}
