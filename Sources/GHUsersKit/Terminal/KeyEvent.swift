/// One thing the user did at the terminal, decoded from its bytes by ``KeyDecoder``.
package enum KeyEvent: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// `Ctrl` and a letter, as the lowercase letter (`Ctrl-L` is `.control("l")`).
    case control(Character)
    /// `Alt` and a character, or `Escape` followed at once by it (the bytes are the same).
    case alt(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    /// A bracketed paste: the text, never read as keys.
    case paste(String)
    /// The mouse wheel, one notch (`up` towards the top).
    case wheel(up: Bool)
    /// A press of the left button on the 0-based cell `x`, `y`.
    case click(x: Int, y: Int)
    /// A sequence the decoder does not know.
    case unknown([UInt8])
}
