# The development build, sourced by scripts/run, scripts/test and scripts/dev-swift (the caller
# sets $root): one build in .build-dev/ that scripts/run runs and scripts/test tests, so a fresh
# clone compiles the dependency graph once for both. GHUSERS_DEV_BUILD=1 makes it the release
# configuration with ghusers's own modules compiled for testing and only the executable linking
# the Swift runtime statically (Package.swift says why), without debug information, which only a
# debugger reads (a third of the installed binary's 156 MB). The installed binary is the package
# step's (scripts/build-release, run by scripts/install into .build/release); Docs/BENCHMARKS.md
# has the two side by side.
#
# The index store is off (--disable-index-store): indexing cost about a fifth of each C file's
# compile, BoringSSL's 406 files among them, and nothing here reads the index but SwiftPM 6.3 on
# Linux, which finds the test product's XCTest tests in the test targets' units and fails
# without them ("index store path does not exist", with --disable-xctest too). So on Linux the
# test targets alone are indexed, into the store SwiftPM reads (GHUSERS_TEST_INDEX_STORE,
# Package.swift).
export GHUSERS_DEV_BUILD=1
dev_scratch="$root/.build-dev"
# Linked by the toolchain's lld on Linux, as the installed binary is (scripts/release-build.bash):
# gold took longer over the test bundle, github-fake and ghusers-bench.
dev_build=(--package-path "$root" --scratch-path "$dev_scratch" --disable-index-store -c release -debug-info-format none)
[ "$(uname)" != Linux ] || dev_build+=(-Xswiftc -use-ld=lld)
dev_products="$dev_scratch/release"
if [ "$(uname)" = Linux ]; then  # x86_64 and aarch64, SwiftPM's triples for them
  export GHUSERS_TEST_INDEX_STORE="$dev_scratch/$(uname -m)-unknown-linux-gnu/release/index/store"
fi
