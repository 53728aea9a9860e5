import Foundation
import Testing

@testable import GHUsersKit

/// Foundation's file errors in our words: the path and the system's reason, never
/// "NSCocoaErrorDomain error 256" or a sentence of its own ending in a period.
@Suite struct ErrorTextTests {
    @Test("a file that is not there, and one that cannot be read, say the path and why")
    func fileErrors() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/notes.json"
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: missing))
            Issue.record("read a file that is not there")
        } catch {
            let text = ErrorText.sentence(error)
            #expect(text.hasPrefix(missing) && text.lowercased().contains("no such file"), "\(text)")
            #expect(!text.contains("NSCocoaErrorDomain") && !text.hasSuffix("."), "\(text)")
        }
        let coded = ErrorText.sentence(CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: "/tmp/x"]))
        #expect(coded == "/tmp/x: it cannot be read")
        #expect(ErrorText.sentence(CocoaError(.fileWriteOutOfSpace)) == "no space left on device")
    }
}
