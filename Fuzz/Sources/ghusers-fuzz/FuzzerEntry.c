// The fuzz executable: libFuzzer's own `main` (linked by -sanitize=fuzzer) calls
// LLVMFuzzerTestOneInput, which hands each input to GHUsersFuzz.
//
// In C because SwiftPM links a Swift executable with `--defsym main=<module>_main`, which a
// Swift module without a main of its own cannot satisfy, while libFuzzer brings the `main`.
#include <stddef.h>
#include <stdint.h>

int ghusers_fuzz_one_input(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return ghusers_fuzz_one_input(data, size);
}
