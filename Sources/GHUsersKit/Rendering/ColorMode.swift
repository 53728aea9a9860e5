/// When to colour output: `--color auto|always|never`.
package enum ColorMode: String, CaseIterable, Sendable {
    /// Colour on a terminal that has colours (``Terminal/colorCount(environment:)``: not an
    /// unset `TERM`, `dumb` or `vt100`), unless `NO_COLOR` is set; `CLICOLOR_FORCE` forces it.
    case auto
    case always
    case never

    /// Whether to colour output written to `fileDescriptor`, given the environment.
    package func enablesColor(fileDescriptor: Int32, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
            return Terminal.isTerminal(fileDescriptor) && Terminal.colorCount(environment: environment) >= 8
        }
    }
}
