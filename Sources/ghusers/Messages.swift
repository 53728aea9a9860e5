import ArgumentParser
import Foundation
import GHUsersKit

/// Lines for people on stderr: errors, notices, progress. Data never goes here.
enum Messages {
    /// `ghusers: <message>`.
    static func notice(_ text: String) {
        // Notices carry server-derived text (logins, reasons): sanitised like everything shown.
        OutputStream.standardError.write("ghusers: " + TerminalSanitizer.sanitize(text, keepNewlines: false) + "\n")
    }

    /// `ghusers: error: <description>`.
    static func error(_ error: any Error) {
        // Never a type's name: ErrorText words any error; a ValidationError is its message.
        let text = (error as? ValidationError).map { TerminalSanitizer.sanitize($0.message, keepNewlines: false) } ?? ErrorText.sentence(error)
        OutputStream.standardError.write("ghusers: error: " + text + "\n")
    }

    /// The status line before a retry.
    static func retrying(_ event: RetryController.Event, waitingForNetwork: Bool) {
        let seconds = String(format: "%.1f", Double(event.delay.components.seconds) + Double(event.delay.components.attoseconds) / 1e18)
        let until = waitingForNetwork && event.error.isNetworkFailure ? ", waiting until the network is back (--wait)" : ""
        notice("\(event.error.retryReason); retrying in \(seconds) s (attempt \(event.attempt + 1)\(until))")
    }
}

extension Messages {
    /// The one-time welcome after the very first page is stored.
    static func welcome(databasePath: String) {
        OutputStream.standardError.write(
            """

            Welcome to ghusers! Users, profiles and your notes are kept in \(databasePath),
            so everything you have fetched works offline. Try next:
              ghusers next-page            fetch the next page
              ghusers profile LOGIN        show a profile
              ghusers note LOGIN "text"    keep a private note
              ghusers search TEXT          search logins and notes


            """)
    }
}
