/// When a command uses the network, said one way in every command's help: the sentence that
/// closes its discussion (``sentence``). `HelpTruthTests` holds each command's help to it: the
/// sentence is there, every option through which the command reaches the network is declared
/// here, and no words of the help say that it stays off the network when it does not.
enum NetworkUse: Sendable {
    /// Never: the database, the notes and files only.
    case never
    /// Only for the avatars of the rows it draws on a terminal that are not on disk.
    case avatars
    /// As ``avatars``, and with `option`, `what` (asked of GitHub first).
    case avatarsAnd(option: String, what: String)
    /// `what`, the command's work; `options` change what it asks.
    case asks(String, options: [String])

    /// The words of the help: "Network: …", one sentence.
    var sentence: String {
        switch self {
        case .never:
            "Network: never."
        case .avatars:
            "Network: only for avatars not on disk, drawn on a terminal (--avatars never or --offline: none)."
        case .avatarsAnd(let option, let what):
            "Network: with \(option), \(what); and avatars not on disk, drawn on a terminal (--avatars never or --offline: none)."
        case .asks(let what, _):
            "Network: \(what)."
        }
    }

    /// The command's options through which it reaches the network (`--offline`, every
    /// command's way to stay off it, aside).
    var options: [String] {
        switch self {
        case .never: []
        case .avatars: ["--avatars"]
        case .avatarsAnd(let option, _): ["--avatars", option]
        case .asks(_, let options): options
        }
    }
}

/// A command that says when it uses the network (``NetworkUse``).
protocol NetworkDeclaring {
    /// When it uses the network.
    static var network: NetworkUse { get }
}
