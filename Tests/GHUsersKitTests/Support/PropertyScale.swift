import Foundation

/// How many cases a property test tries: its default times `GHUSERS_PROPERTY_SCALE` (1 unless
/// set), so CI stays quick and a long fuzzing run is one environment variable away:
/// `GHUSERS_PROPERTY_SCALE=100 swift test --filter PropertyTests`.
enum PropertyScale {
    static func count(_ base: Int) -> Int {
        let scale = ProcessInfo.processInfo.environment["GHUSERS_PROPERTY_SCALE"].flatMap(Int.init) ?? 1
        return base * max(1, scale)
    }
}
