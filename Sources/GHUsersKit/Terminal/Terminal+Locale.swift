extension Terminal {
    /// Whether the locale that `environment` sets encodes text as UTF-8: the first of
    /// `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty names `UTF-8` (`C.UTF-8`,
    /// `en_US.utf8`), as POSIX orders them. Unset, `C` and `POSIX` are ASCII: such a terminal
    /// is sent ``ASCIIFallback``'s symbols.
    package static func isUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let codeset = locale.split(separator: ".").dropFirst().first?.split(separator: "@").first?.lowercased() ?? ""
        return codeset == "utf-8" || codeset == "utf8"
    }
}
