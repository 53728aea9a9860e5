import Foundation
import GRDB

/// An error as one sentence a user can read: its own description when it has one, the system's
/// words for a file-system error, SQLite's for a database error, and never a type's name
/// (`CancellationError()`, `HTTPClientError.remoteConnectionClosed`), which means nothing to a
/// user.
package enum ErrorText {
    /// `error` in words, sanitised for a terminal, on one line.
    package static func sentence(_ error: any Error) -> String {
        TerminalSanitizer.sanitize(raw(error), keepNewlines: false)
    }

    private static func raw(_ error: any Error) -> String {
        if error is CancellationError { return "cancelled" }
        if let error = error as? DatabaseError {
            return "SQLite error \(error.resultCode.rawValue): \(error.message ?? "unknown")"
        }
        if let description = (error as? LocalizedError)?.errorDescription { return description }
        // Foundation's own errors (files, POSIX), in our words: the path and the system's reason
        // ("NSCocoaErrorDomain error 256" and "doesn’t exist." say less, and end in a period
        // that the caller's sentence doubles). Any other error bridged to NSError would describe
        // itself by its type's name.
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(bridged.code))) }
        guard bridged.domain == NSCocoaErrorDomain else { return "an unexpected error occurred" }
        let path = bridged.userInfo[NSFilePathErrorKey] as? String ?? (bridged.userInfo[NSURLErrorKey] as? URL)?.path
        let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError
        let reason =
            underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
            ?? cocoaReason(bridged.code)
        return path.map { "\($0): \(reason)" } ?? reason
    }

    /// Foundation's file error codes in a few words (CocoaError.Code).
    private static func cocoaReason(_ code: Int) -> String {
        switch code {
        case 4, 260: "no such file or directory"
        case 257, 513: "permission denied"
        case 640: "no space left on device"
        case 261, 517: "the text is not in the expected encoding"
        case 642: "the volume is read-only"
        case 512, 514...516: "it cannot be written"
        default: "it cannot be read"
        }
    }
}
