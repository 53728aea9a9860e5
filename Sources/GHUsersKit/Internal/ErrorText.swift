import Foundation
import GRDB

/// An error as one sentence a user can read: its own description when it has one, the system's
/// words for a file-system error, SQLite's for a database error, and never a type's name
/// (`CancellationError()`, `HTTPClientError.remoteConnectionClosed`), which means nothing to a
/// user.
public enum ErrorText {
    /// `error` in words, sanitised for a terminal, on one line.
    public static func sentence(_ error: any Error) -> String {
        TerminalSanitizer.sanitize(raw(error), keepNewlines: false)
    }

    private static func raw(_ error: any Error) -> String {
        if error is CancellationError { return "cancelled" }
        if let error = error as? DatabaseError {
            return "SQLite error \(error.resultCode.rawValue): \(error.message ?? "unknown")"
        }
        if let description = (error as? LocalizedError)?.errorDescription { return description }
        // Foundation's own errors (files, POSIX) carry readable descriptions; any other error
        // bridged to NSError would describe itself by its type's name.
        let bridged = error as NSError
        if [NSCocoaErrorDomain, NSPOSIXErrorDomain].contains(bridged.domain) { return bridged.localizedDescription }
        return "an unexpected error occurred"
    }
}
