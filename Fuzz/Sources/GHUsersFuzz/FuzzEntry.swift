import Foundation

/// The entry point that libFuzzer calls (through `FuzzerEntry.c`): runs the target named by
/// `GHUSERS_FUZZ_TARGET` on one input.
///
/// One binary serves every target (one link of GHUsersKit and its dependencies instead of six);
/// `scripts/fuzz` runs it once per target, each with its own corpus. An oracle that does not
/// hold calls `fatalError`, which libFuzzer reports as a crash and saves the input.
@_cdecl("ghusers_fuzz_one_input")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    selectedTarget.run(data)
    return 0
}

/// The target of this process, read once.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["GHUSERS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("set GHUSERS_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}()
