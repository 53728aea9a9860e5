import ArgumentParser

/// `--tsv`, taken by the commands that print rows of users (`list`, `search`, `next-page`).
struct RowFormatOptions: ParsableArguments {
    @Flag(
        help: """
            Print one user a line as tab-separated values for scripts: id, login, type (gone for an \
            account GitHub no longer has), seen (true or false) and the whole note, with tab, \
            newline, carriage return and backslash written \\t, \\n, \\r and \\\\.
            """)
    var tsv = false

    /// `settings` with this format.
    func applied(to settings: GlobalSettings) -> GlobalSettings {
        var settings = settings
        settings.tsv = tsv
        return settings
    }

    func validate() throws {
        // --json is a global option: checked where both are known (GlobalSettings.validate).
    }
}
