# The development build, sourced by scripts/run and scripts/test (the caller sets $root): one
# build in .build-dev/ that scripts/run runs and scripts/test tests, so a fresh clone compiles the
# dependency graph once for both. GHUSERS_DEV_BUILD=1 makes it the debug configuration with
# ghusers's own modules optimised (Package.swift says why). The static, fully optimised binary
# is the package step's (scripts/build-release, run by scripts/install into .build/release).
#
# The index store stays on although it costs about a fifth of each C file's compile (BoringSSL's
# 406 files among them): SwiftPM 6.3 finds the test product's XCTest tests by reading it on Linux,
# and `--build-tests` fails without it ("index store path does not exist"), --disable-xctest or
# not.
export GHUSERS_DEV_BUILD=1
dev_build=(--package-path "$root" --scratch-path "$root/.build-dev")
dev_products="$root/.build-dev/debug"
