/// The terminal's screen as `browse` last wrote it, and how the next frame gets there: the view
/// draws the model into a ``CellGrid``, ``FrameDiff`` makes the bytes that turn the frame on
/// screen into it (``PixelOverlay`` does, with the pane's avatar over it, when
/// `GHUSERS_GRAPHICS` forces a pixel protocol), and they go out in one write.
///
/// A repaint (a resize, Ctrl-L, `fg`) forgets the frame on screen, so the next write draws every
/// cell; so does a terminal taken back (after the editor), which ``TerminalSession/generation``
/// tells.
struct BrowserScreen {
    private let view: BrowserView
    private let pixels: GraphicsMode.Pixels?
    /// The frame on screen (`nil`: unknown, the next write is whole) and the picture over it.
    private var shown: CellGrid?
    private var overlayShown: PixelOverlay?
    /// The session's generation the frame on screen was written in.
    private var sessionGeneration: Int

    /// A screen that `view` draws, with the pane's avatar in `pixels` if forced, for a session
    /// in its generation `sessionGeneration`; nothing is on it yet.
    init(view: BrowserView, pixels: GraphicsMode.Pixels?, sessionGeneration: Int) {
        self.view = view
        self.pixels = pixels
        self.sessionGeneration = sessionGeneration
    }

    /// Forgets what is on screen: the next frame is written whole.
    mutating func repaint() {
        shown = nil
    }

    /// Writes the frame for `model` to `session`, as the change from the frame on screen, in
    /// one write; returns how many bytes that was.
    mutating func write(_ model: BrowserModel, to session: TerminalSession) -> Int {
        let bytes = bytes(for: model, sessionGeneration: session.generation)
        session.write(bytes)
        return bytes.count
    }

    /// The bytes that take the screen to the frame for `model`, which is then the frame on
    /// screen; the whole frame when the session's generation is no longer
    /// `sessionGeneration` (the terminal was taken again, after the editor, after fg: the
    /// screen is blank).
    mutating func bytes(for model: BrowserModel, sessionGeneration: Int) -> [UInt8] {
        if sessionGeneration != self.sessionGeneration {
            self.sessionGeneration = sessionGeneration
            shown = nil
        }
        let frame = view.frame(model)
        let overlay = pixelOverlay(model)
        let bytes =
            pixels == nil
            ? FrameDiff.bytes(from: shown, to: frame)
            : PixelOverlay.bytes(previous: overlayShown, next: overlay, shown: shown, frame: frame)
        overlayShown = overlay
        shown = frame
        return bytes
    }

    /// The pane's avatar as a pixel picture over its cells, when one is forced and drawn for
    /// the user and the size the pane shows (not under the help or a question).
    private func pixelOverlay(_ model: BrowserModel) -> PixelOverlay? {
        guard let pixels, let pane = model.pane.profile, !model.showsHelp, model.confirmation == nil, !model.isTooSmall,
            let picture = pane.picture,
            picture.columns == model.paneHeaderCells.columns, picture.rows == model.paneHeaderCells.rows
        else { return nil }
        let x = (model.paneBeside ? model.listColumns + 1 : 0) + 1
        return PixelOverlay(x: x, y: 0, columns: picture.columns, rows: picture.rows, pixels: pixels, picture: picture.bytes)
    }
}
