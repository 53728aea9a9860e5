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
# Diagnostics uncoloured: SwiftPM adds -color-diagnostics to every compile when its output is a
# terminal, so a build in a terminal after one into a pipe or a log (CI's) compiled everything again.
dev_build=(--package-path "$root" --scratch-path "$dev_scratch" --disable-index-store -c release -debug-info-format none
  --no-color-diagnostics)
[ "$(uname)" != Linux ] || dev_build+=(-Xswiftc -use-ld=lld)
dev_products="$dev_scratch/release"
# Two compilers stand in for the toolchain's, on the swift commands that run with "${dev_env[@]}"
# (not exported, so nothing ghusers or the tests start sees them): BoringSSL's C compiles
# unoptimised (scripts/dev-cc), and so do the Swift modules only github-fake and the tests use
# (scripts/dev-swift-frontend). SwiftPM runs $CC; its swift-driver runs
# SWIFT_DRIVER_SWIFT_FRONTEND_EXEC and finds the runtime's files in the folder beside that one's,
# so the driver is given a toolchain folder of links (.build-dev/toolchain).
toolchain_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
if [ ! -x "$toolchain_bin/swift-frontend" ]; then  # a proxy (macOS's /usr/bin/swift, swiftly's): ask the toolchain
  toolchain_bin="$(env -u SWIFT_DRIVER_SWIFT_FRONTEND_EXEC swift -print-target-info |
    sed -n 's|.*"runtimeResourcePath": "\(.*\)/lib/swift".*|\1/bin|p')"
fi
if [ ! -x "$toolchain_bin/swift-frontend" ] || [ ! -x "$toolchain_bin/clang" ]; then
  echo "dev-build: no swift-frontend and clang beside the swift on PATH (looked in '$toolchain_bin'); install a Swift toolchain (swift.org/install)" >&2
  exit 69
fi
mkdir -p "$dev_scratch/toolchain/bin"
# Linked again only when they point elsewhere: a build running beside this one keeps its compiler.
dev_link() { [ "$(readlink "$2" 2>/dev/null)" = "$1" ] || ln -sfn "$1" "$2"; }
dev_link "$toolchain_bin/../lib" "$dev_scratch/toolchain/lib"
dev_link "$root/scripts/dev-swift-frontend" "$dev_scratch/toolchain/bin/swift-frontend"
dev_env=(env CC="$root/scripts/dev-cc" GHUSERS_DEV_CLANG="$toolchain_bin/clang"
  SWIFT_DRIVER_SWIFT_FRONTEND_EXEC="$dev_scratch/toolchain/bin/swift-frontend" GHUSERS_DEV_FRONTEND="$toolchain_bin/swift-frontend")
if [ "$(uname)" = Linux ]; then  # x86_64 and aarch64, SwiftPM's triples for them
  export GHUSERS_TEST_INDEX_STORE="$dev_scratch/$(uname -m)-unknown-linux-gnu/release/index/store"
fi
