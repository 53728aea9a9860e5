import Foundation

/// Where ghusers keeps its files: one folder per GitHub site (``GitHubSite/key``).
///
/// With a home (`--home DIR` or `GHUSERS_HOME`), everything lives under it: the data home is
/// `DIR`, the cache home `DIR/cache`. Without one, the XDG base directories:
/// `$XDG_DATA_HOME/ghusers` (default `~/.local/share/ghusers`) and `$XDG_CACHE_HOME/ghusers`
/// (default `~/.cache/ghusers`). A site's database and lock files are in
/// `<data home>/sites/<key>`, its avatars in `<cache home>/sites/<key>/avatars`.
package struct GHUsersPaths: Sendable, Hashable {
    /// The folder of the site's database and network lock file.
    package var dataDirectory: URL
    /// The folder of the site's caches (avatars); deleting it loses nothing that cannot be
    /// fetched again.
    package var cacheDirectory: URL
    /// The folder that holds every site's data folder (in `sites/`).
    package var dataHome: URL
    /// The folder that holds every site's cache folder (in `sites/`).
    package var cacheHome: URL
    /// The site whose folders these are; `nil` for folders used as they are.
    package var site: GitHubSite?

    /// Creates paths from two folders used as they are, for one site alone (tests).
    package init(dataDirectory: URL, cacheDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
        self.dataHome = dataDirectory
        self.cacheHome = cacheDirectory
    }

    /// The paths of `site` under a data home and a cache home.
    package init(dataHome: URL, cacheHome: URL, site: GitHubSite) {
        self.dataHome = dataHome
        self.cacheHome = cacheHome
        self.site = site
        self.dataDirectory = dataHome.appendingPathComponent("sites", isDirectory: true).appendingPathComponent(site.key, isDirectory: true)
        self.cacheDirectory = cacheHome.appendingPathComponent("sites", isDirectory: true).appendingPathComponent(site.key, isDirectory: true)
    }

    /// The folder of every site's data folder.
    package var sitesDirectory: URL { dataHome.appendingPathComponent("sites", isDirectory: true) }

    /// The SQLite database.
    package var database: URL { dataDirectory.appendingPathComponent("ghusers.sqlite") }
    /// Where a note's text is kept when it could not be saved (a conflict, a failed write).
    package var drafts: URL { dataDirectory.appendingPathComponent("drafts") }
    /// The lock that lets one process at a time use the network.
    package var networkLock: URL { dataDirectory.appendingPathComponent("network.lock") }

    /// `~` and `~/…` in `path` made absolute with `home` (`NSString.expandingTildeInPath` costs
    /// about 2 ms of start-up: it loads Foundation's internationalisation data).
    static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// Resolves the folders of `site` from `home` (the `--home` option, if given) and the
    /// environment.
    package static func resolve(home: String?, environment: [String: String], site: GitHubSite) -> GHUsersPaths {
        if let home = home ?? environment["GHUSERS_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let root = URL(fileURLWithPath: expandingTilde(home, home: environment["HOME"]), isDirectory: true)
            return GHUsersPaths(dataHome: root, cacheHome: root.appendingPathComponent("cache", isDirectory: true), site: site)
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
            dataHome: base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("ghusers", isDirectory: true),
            cacheHome: base("XDG_CACHE_HOME", fallback: ".cache").appendingPathComponent("ghusers", isDirectory: true),
            site: site)
    }
}
