# The development build, sourced by scripts/run and scripts/test (the caller sets $root): one
# build in .build-dev/ that scripts/run runs and scripts/test tests, so a fresh clone compiles the
# dependency graph once for both. GHUSERS_DEV_BUILD=1 makes it the debug configuration with
# ghusers's own modules optimised (Package.swift): the end-to-end tests run an -O ghusers (a
# defect of -O builds only once drew every avatar as a placeholder while the debug build passed),
# and the dependencies compile unoptimised, about half the build's time. The static, fully
# optimised binary is the package step's (scripts/build-release, run by scripts/install into
# .build/release).
#
# --disable-index-store: `swift build` indexes every file of a debug build for an IDE by
# default; nothing here reads the index, and it cost about a fifth of each C file's compile
# (BoringSSL's 400 files among them).
export GHUSERS_DEV_BUILD=1
dev_build=(--package-path "$root" --scratch-path "$root/.build-dev" --disable-index-store)
dev_products="$root/.build-dev/debug"
