// The `ghusers` executable: the command line is the `ghusers` library (Sources/ghusers).
import ghusers

await GHUsers.main()
