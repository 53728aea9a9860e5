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

    @Flag(
        help: """
            Print a table as comma-separated values (RFC 4180): a header row, then one user a line \
            with every field of the JSON output (or those of --fields), empty where unknown; stderr \
            says how many cells of each column are unknown.
            """)
    var csv = false

    @Option(
        help: ArgumentHelp(
            """
            The columns of the table (CSV or TSV), or the fields of the JSON output, by their JSON \
            names, comma-separated: login,id,type,name,location,followers,created_at,note,….
            """, valueName: "fields"))
    var fields: String?

    /// `settings` with this format.
    func applied(to settings: GlobalSettings) -> GlobalSettings {
        var settings = settings
        settings.tsv = tsv
        settings.csv = csv
        settings.fields = fields
        return settings
    }

    func validate() throws {
        // --json is a global option: checked where both are known (GlobalSettings.validate).
    }
}
