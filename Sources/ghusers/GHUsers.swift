/// The `ghusers` executable's entry point. The command line is this library, which the tests
/// link, and the executable (Sources/GHUsersMain) is one call to `main()`.
public enum GHUsers {
    /// Parses the process's arguments, runs the command and exits with its status.
    public static func main() async {
        await GHUsersCommand.main()
    }
}
