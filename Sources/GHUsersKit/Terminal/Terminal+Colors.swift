import Foundation

extension Terminal {
    /// How many colours the terminal that `environment` describes can show: `COLORTERM`
    /// `truecolor` or `24bit` is 16,777,216; else terminfo's `max_colors` (`colors#`) for
    /// `TERM`, read from the compiled entry (the ncurses `term(5)` format) where ncurses keeps
    /// it; 0 for an unset `TERM`, `dumb`, or an entry without colours (`vt100`). An entry that
    /// cannot be found counts 256 when its name says so (`…-256color`), else 8.
    package static func colorCount(environment: [String: String]) -> Int {
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { return 0 }
        if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") { return 1 << 24 }
        if let colors = terminfoColors(term: term, environment: environment) { return max(0, colors) }
        return term.contains("256color") ? 256 : 8
    }

    /// `max_colors` of `term`'s compiled terminfo entry (-1 when it has none), or `nil` when no
    /// entry is found or it cannot be read.
    static func terminfoColors(term: String, environment: [String: String]) -> Int? {
        guard let first = term.unicodeScalars.first, !term.contains("/") else { return nil }
        var folders: [String] = []
        if let own = environment["TERMINFO"], !own.isEmpty { folders.append(own) }
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
        folders += (environment["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        folders += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        // Linux keeps `x/xterm`, macOS `78/xterm` (the first letter in hex).
        let subfolders = [String(Character(first)), String(first.value, radix: 16)]
        for folder in folders {
            for subfolder in subfolders {
                if let data = FileManager.default.contents(atPath: "\(folder)/\(subfolder)/\(term)") { return maxColors(in: data) }
            }
        }
        return nil
    }

    /// `max_colors` (numeric capability 13) of a compiled terminfo entry: the legacy format
    /// (magic 0o432, numbers of 16 bits) or ncurses 6's (0o1036, 32 bits); -1 when absent.
    static func maxColors(in data: Data) -> Int? {
        let bytes = [UInt8](data)
        func short(_ offset: Int) -> Int? {
            guard offset + 1 < bytes.count else { return nil }
            return Int(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
        }
        guard let magic = short(0), magic == 0o432 || magic == 0o1036, let names = short(2), let booleans = short(4), let numbers = short(6),
            names >= 0, booleans >= 0, numbers >= 0
        else { return nil }
        guard numbers > 13 else { return -1 }  // an entry whose numbers end before max_colors has none
        var offset = 12 + names + booleans
        if offset % 2 == 1 { offset += 1 }  // numbers start on an even byte
        if magic == 0o1036 {
            let at = offset + 13 * 4
            guard at + 3 < bytes.count else { return nil }
            return Int(Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24))
        }
        return short(offset + 13 * 2)
    }
}
