/// The version of ghusers.
public enum GHUsersVersion {
    /// Semantic version of this build.
    public static let number = "0.1.0"

    /// Whether this binary was compiled without optimisation (`swift build`'s debug
    /// configuration): slower, and not what users run.
    public static let isDebugBuild: Bool = {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }()

    /// What `--version` prints: the number, followed by "(debug build)" for a debug build, so
    /// that a report says which binary it came from.
    public static let current = isDebugBuild ? "\(number) (debug build)" : number
}
