/// A one-line spinner or progress bar on stderr, redrawn in place; silent unless stderr is a
/// terminal, and erased when finished so it never mixes with data or messages.
package final class ProgressLine {
    private let enabled: Bool
    private let output: OutputStream
    private var frame = 0
    private var drawn = false
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Creates a progress line on stderr, shown only when stderr is a terminal.
    package init(output: OutputStream = .standardError, enabled: Bool = Terminal.isTerminal(2)) {
        self.output = output
        self.enabled = enabled
    }

    /// Shows the spinner's next frame and `text`.
    package func spin(_ text: String) {
        guard enabled else { return }
        frame = (frame + 1) % Self.frames.count
        draw(Self.frames[frame] + " " + text)
    }

    /// Shows a bar of `done` out of `total` and `text`.
    package func bar(done: Int, total: Int, _ text: String) {
        guard enabled else { return }
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        draw("[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "] \(done)/\(total) " + text)
    }

    /// Shows `text` alone (a status).
    package func show(_ text: String) {
        guard enabled else { return }
        draw(text)
    }

    /// Erases the line.
    package func finish() {
        guard enabled, drawn else { return }
        output.write("\r\u{1B}[K")
        drawn = false
    }

    private func draw(_ text: String) {
        // One row, never wrapped: `\r` and erase-line reach back over one row only.
        let width = Terminal.columns(2, environment: [:]) - 1
        output.write("\r\u{1B}[K" + CellGrid.fitted(text, width: width))
        drawn = true
    }
}
