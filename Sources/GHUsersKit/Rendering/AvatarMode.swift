/// When to draw avatars: `--avatars auto|always|never`.
public enum AvatarMode: String, CaseIterable, Sendable {
    /// Only when stdout is a terminal whose `TERM` is not `dumb` (and not with `--json`).
    case auto
    /// Also when stdout is a file or a pipe (not with `--json`).
    case always
    /// Never.
    case never

    /// Whether to draw avatars on output written to `fileDescriptor`.
    public func drawsAvatars(fileDescriptor: Int32, json: Bool, environment: [String: String]) -> Bool {
        guard !json else { return false }
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return Terminal.isTerminal(fileDescriptor) && environment["TERM"] != "dumb"
        }
    }
}
