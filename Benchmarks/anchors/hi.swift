// The start-up floor for `ghusers profile`: a Swift program that loads Foundation, prints "hi"
// and exits. Built with `swiftc -O` by scripts/bench.
import Foundation

FileHandle.standardOutput.write("hi\n".data(using: .utf8)!)
