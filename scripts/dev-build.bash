# The development build, sourced by scripts/run, scripts/test and scripts/dev-swift (the caller
# sets $root): one build in .build-dev/ that scripts/run runs and scripts/test tests, so a fresh
# clone compiles the dependency graph once for both. GHUSERS_DEV_BUILD=1 makes it the debug
# configuration with ghusers's own modules optimised (Package.swift says why). The static, fully
# optimised binary is the package step's (scripts/build-release, run by scripts/install into
# .build/release).
#
# The index store is off (--disable-index-store): indexing cost about a fifth of each C file's
# compile, BoringSSL's 406 files among them, and nothing here reads the index but SwiftPM 6.3 on
# Linux, which finds the test product's XCTest tests in the test targets' units and fails
# without them ("index store path does not exist"). So on Linux the test targets alone are
# indexed, into the store SwiftPM reads (GHUSERS_TEST_INDEX_STORE, Package.swift).
export GHUSERS_DEV_BUILD=1
dev_scratch="$root/.build-dev"
dev_build=(--package-path "$root" --scratch-path "$dev_scratch" --disable-index-store)
dev_products="$dev_scratch/debug"
if [ "$(uname)" = Linux ]; then  # x86_64 and aarch64, SwiftPM's triples for them
  export GHUSERS_TEST_INDEX_STORE="$dev_scratch/$(uname -m)-unknown-linux-gnu/debug/index/store"
fi
