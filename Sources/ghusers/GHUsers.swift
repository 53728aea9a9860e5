/// The `ghusers` executable's entry point. The command line is this library, and the executable
/// (Sources/GHUsersMain) is one call to `main()`: the tests link the library, and only the
/// executable links the Swift runtime statically in the development build (Package.swift).
public enum GHUsers {
    /// Parses the process's arguments, runs the command and exits with its status.
    public static func main() async {
        await GHUsersCommand.main()
    }
}
