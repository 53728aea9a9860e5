import Foundation

/// Where a note's text goes when it cannot be saved (a conflict, a failed write, an editor that
/// failed or wrote something refused): `<data>/drafts/LOGIN-DATE.md`, so that nothing typed is
/// ever lost. Written atomically, mode 0600, in a 0700 folder.
package enum NoteDraft {
    /// Writes `data` as a draft of the note on `login` in `folder`; its path, or `nil` when even
    /// that failed.
    package static func keep(_ data: Data, login: String, in folder: URL, now: Date = Date()) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        // Logins are ASCII letters, digits and hyphens; anything else is dropped all the same.
        let name = login.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        let stem = "\(name)-\(formatter.string(from: now))"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // Never over an earlier draft (two in one second): -2, -3, …
            var file = folder.appendingPathComponent(stem + ".md")
            var number = 2
            while FileManager.default.fileExists(atPath: file.path) {
                file = folder.appendingPathComponent("\(stem)-\(number).md")
                number += 1
            }
            try AtomicFile.write(data, to: file)
            return file.path
        } catch {
            return nil
        }
    }

    /// `path` as ``shown(_:environment:)`` gives it if that is at most `width` columns, else
    /// its folder and file name after `…/` (`…/drafts/alice-….md`): on a status line the file
    /// name must stay in view (the whole path is printed on stderr when browse ends).
    package static func shown(_ path: String, width: Int, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let whole = shown(path, environment: environment)
        guard CellGrid.columns(of: whole) > width else { return whole }
        let parts = path.split(separator: "/")
        return "…/" + parts.suffix(2).joined(separator: "/")
    }

    /// `path` as a person reads it: the home folder as `~`.
    package static func shown(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let home = environment["HOME"], !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
