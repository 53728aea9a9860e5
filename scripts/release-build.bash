# The package step's build, sourced by scripts/build-release and scripts/bench (the caller sets
# $root): every module optimised, the Swift runtime and Foundation linked statically (every
# command starts about 4 ms sooner).
#
# On Linux the toolchain's lld links it, with the binary's relative relocations packed (DT_RELR,
# `-z pack-relative-relocs`): 121,598 of them took 2.9 MB of .rela.dyn, which the loader reads at
# each start, resident beside browse's index; packed they take a few KB. gold, swiftc's default
# linker, cannot pack them; glibc reads them from 2.36 on (Debian 12).
release_build=(--package-path "$root" -c release --static-swift-stdlib)
if [ "$(uname)" = Linux ]; then
  release_build+=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
fi
