// The `ghusers` executable: the command line is the `ghusers` library (Sources/ghusers).
// Foundation is imported here so that, compiled with -static-stdlib in the development build,
// this file names every static library the runtime needs (Package.swift).
import Foundation
import ghusers

await GHUsers.main()
