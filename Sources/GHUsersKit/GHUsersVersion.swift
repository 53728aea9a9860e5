/// The version of ghusers.
public enum GHUsersVersion {
    /// Semantic version of this build.
    public static let number = "0.1.0"

    /// Whether this library was compiled without optimisation (`swift build`'s debug
    /// configuration, unless the development build of scripts/run and scripts/test optimises
    /// it): slower, and not what users run. Asked of the optimiser, not of `DEBUG`, which the
    /// debug configuration defines either way.
    public static let isDebugBuild: Bool = _isDebugAssertConfiguration()

    /// What `--version` prints: the number, followed by "(debug build)" for a debug build, so
    /// that a report says which binary it came from.
    public static let current = isDebugBuild ? "\(number) (debug build)" : number
}
