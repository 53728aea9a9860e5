import Foundation

/// Where ghusers keeps its files.
///
/// With a home (`--home DIR` or `GHUSERS_HOME`), everything lives under it: the database and
/// lock file in `DIR`, caches in `DIR/cache`. Without one, the XDG base directories:
/// `$XDG_DATA_HOME/ghusers` (default `~/.local/share/ghusers`) for the database and
/// `$XDG_CACHE_HOME/ghusers` (default `~/.cache/ghusers`) for caches.
public struct GHUsersPaths: Sendable, Hashable {
    /// The folder of the database and the network lock file.
    public var dataDirectory: URL
    /// The folder of caches (avatars); deleting it loses nothing that cannot be fetched again.
    public var cacheDirectory: URL

    /// Creates paths from two folders.
    public init(dataDirectory: URL, cacheDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
    }

    /// The SQLite database.
    public var database: URL { dataDirectory.appendingPathComponent("ghusers.sqlite") }
    /// Where a note's text is kept when it could not be saved (a conflict, a failed write).
    public var drafts: URL { dataDirectory.appendingPathComponent("drafts") }
    /// The lock that lets one process at a time use the network.
    public var networkLock: URL { dataDirectory.appendingPathComponent("network.lock") }

    /// `~` and `~/…` in `path` made absolute with `home` (`NSString.expandingTildeInPath` costs
    /// about 2 ms of start-up: it loads Foundation's internationalisation data).
    static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// Resolves the folders from `home` (the `--home` option, if given) and the environment.
    public static func resolve(home: String?, environment: [String: String]) -> GHUsersPaths {
        if let home = home ?? environment["GHUSERS_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let root = URL(fileURLWithPath: expandingTilde(home, home: environment["HOME"]), isDirectory: true)
            return GHUsersPaths(dataDirectory: root, cacheDirectory: root.appendingPathComponent("cache", isDirectory: true))
        }
        let userHome = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        func base(_ variable: String, fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return userHome.appendingPathComponent(fallback, isDirectory: true)
        }
        return GHUsersPaths(
            dataDirectory: base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("ghusers", isDirectory: true),
            cacheDirectory: base("XDG_CACHE_HOME", fallback: ".cache").appendingPathComponent("ghusers", isDirectory: true))
    }
}
