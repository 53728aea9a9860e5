import ArgumentParser
import Foundation
import GHUsersKit
import Synchronization

/// Lines for people on stderr: errors, notices, progress. Data never goes here.
enum Messages {
    /// The one line rewritten in place on a terminal (``status(_:)``): retries with `--wait`, a
    /// long run's progress. Erased before any other line is written.
    private static let statusLine = Mutex(ProgressLine())

    /// `ghusers: <message>`.
    static func notice(_ text: String) {
        endStatus()
        // Notices carry server-derived text (logins, reasons): sanitised like everything shown.
        OutputStream.standardError.write("ghusers: " + TerminalSanitizer.sanitize(text, keepNewlines: false) + "\n")
    }

    /// `ghusers: error: <description>`; `tokenSent` words GitHub's answers for a request made
    /// with or without a token (``GitHubAPIError/description(tokenSent:)``); `networkAdvice`
    /// follows a network failure: what this command offers (next-page's `--wait`), never an
    /// option another command has.
    static func error(_ error: any Error, tokenSent: Bool? = nil, networkAdvice: String? = nil) {
        endStatus()
        // Never a type's name: ErrorText words any error; a ValidationError is its message.
        let text =
            if let error = error as? ValidationError {
                TerminalSanitizer.sanitize(sentenceCase(error.message), keepNewlines: false)
            } else if let error = error as? GitHubAPIError, let tokenSent {
                TerminalSanitizer.sanitize(error.description(tokenSent: tokenSent), keepNewlines: false)
            } else {
                ErrorText.sentence(error)
            }
        let advice = (error as? GitHubAPIError)?.isNetworkFailure == true ? networkAdvice.map { "; " + $0 } ?? "" : ""
        OutputStream.standardError.write("ghusers: error: " + text + advice + "\n")
    }

    /// `text` with its first word in lower case when it is a plain capitalised word ("The note
    /// is empty" → "the note is empty"; "GitHub …" stays), as it reads after "error: ".
    static func sentenceCase(_ text: String) -> String {
        let word = text.prefix { $0.isLetter }
        guard let first = word.first, first.isUppercase, word.dropFirst().allSatisfy(\.isLowercase) else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// Shows `text` on the status line when stderr is a terminal, replacing what it showed.
    static func status(_ text: String) {
        statusLine.withLock { $0.show(TerminalSanitizer.sanitize(text, keepNewlines: false)) }
    }

    /// Erases the status line, before data goes to a terminal or another message is written.
    static func endStatus() {
        statusLine.withLock { $0.finish() }
    }

    /// Whether ``status(_:)`` draws anything: stderr is a terminal.
    static var hasStatusLine: Bool { Terminal.isTerminal(2) }

    /// The status line before a retry.
    static func retrying(_ event: RetryController.Event, waitingForNetwork: Bool) {
        let seconds = String(format: "%.1f", Double(event.delay.components.seconds) + Double(event.delay.components.attoseconds) / 1e18)
        let until = waitingForNetwork && event.error.isNetworkFailure ? ", waiting until the network is back (--wait)" : ""
        // With --wait on a terminal one line tells the wait, rewritten at each attempt: an hour
        // offline is not 200 lines.
        if waitingForNetwork && hasStatusLine {
            return status("ghusers: \(event.error.retryReason); retrying in \(seconds) s (attempt \(event.attempt + 1)\(until); Ctrl-C stops)")
        }
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
