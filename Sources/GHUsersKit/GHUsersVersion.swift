/// The version of ghusers.
public enum GHUsersVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
