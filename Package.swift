// swift-tools-version:6.2
import PackageDescription

// The test targets compile without optimisation: optimising them bought nothing but build time.
// The development build turns the index store off and indexes the test targets alone, where
// SwiftPM on Linux looks for XCTest tests (GHUSERS_TEST_INDEX_STORE: scripts/dev-build.bash).
let testIndex = Context.environment["GHUSERS_TEST_INDEX_STORE"].map { ["-index-store-path", $0] } ?? []
let tests: [SwiftSetting] = [.unsafeFlags(["-Onone"] + testIndex)]
// The development build (GHUSERS_DEV_BUILD=1, scripts/dev-build.bash), which scripts/run runs
// and scripts/test tests, is the release configuration, as the installed binary is: with the
// dependencies unoptimised (the debug configuration), scripts/run's ghusers was 1.5x to 2.2x
// slower than the installed one. It differs from that build where the tests need it to: ghusers's
// own modules are compiled for testing (`-enable-testing`, for `@testable import`), and only
// the executable, GHUsersMain, links the Swift runtime statically (swift-testing has no static
// module for the test bundle), compiled against the static runtime's modules so that it names
// every library they need. The installed binary is scripts/build-release's.
let devBuild = Context.environment["GHUSERS_DEV_BUILD"] == "1"
let own: [SwiftSetting] = devBuild ? [.unsafeFlags(["-enable-testing"])] : []
let linux = BuildSettingCondition.when(platforms: [.linux])
let staticRuntime: [SwiftSetting] = devBuild ? [.unsafeFlags(["-static-stdlib"], linux)] : []
// (linked by lld, as every link of the development build is: scripts/dev-build.bash)
let staticRuntimeLink: [LinkerSetting] = devBuild ? [.unsafeFlags(["-static-stdlib", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], linux)] : []

let package = Package(
    name: "ghusers",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ghusers", targets: ["GHUsersMain"]),
        .executable(name: "github-fake", targets: ["github-fake"]),
        .executable(name: "ghusers-bench", targets: ["ghusers-bench"]),
        .library(name: "GHUsersKit", targets: ["GHUsersKit"]),
        .library(name: "GitHubFake", targets: ["GitHubFake"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        // NIOHTTPCompression: the error of a gzip body past its limit (AsyncHTTPClient decompresses).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        // Its default traits but ConfigurationSupport (the fake reads no swift-configuration):
        // with two, SwiftPM 6.3 writes their -D flags in either order, and each build that swaps
        // them recompiles Hummingbird and all that depends on it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // github-fake's gzip (zlib through a small C shim; Debian's zlib1g-dev).
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // github-fake's GraphQL: parses and validates every query against GitHub's schema (and
        // GHUsersKitTests holds the client's query to it).
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    ],
    targets: [
        .target(
            name: "GHUsersKit",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                "CImaging",
                "CSearch",
            ],
            swiftSettings: own
        ),
        // The search index's pair search (AVX2/SSE2; glibc's memmem walks two-byte needles a byte at a time).
        .target(name: "CSearch"),
        // Image decoding and terminal drawing through Debian's C libraries (libpng, libjpeg-turbo,
        // giflib, libchafa: see scripts/install-system-packages), opened on first use rather
        // than linked (Sources/CImaging/include/CImaging.h says why).
        .target(name: "CImaging"),
        // The command line, a library that the tests link; the executable is one call to it.
        .target(
            name: "ghusers",
            dependencies: [
                "GHUsersKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: own
        ),
        .executableTarget(
            name: "GHUsersMain",
            dependencies: ["ghusers"],
            swiftSettings: own + staticRuntime,
            linkerSettings: staticRuntimeLink
        ),
        .executableTarget(
            name: "ghusers-bench",
            dependencies: [
                "GHUsersKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "GitHubFake",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: own
        ),
        .executableTarget(
            name: "github-fake",
            dependencies: [
                "GitHubFake",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: own
        ),
        // Compiles CImaging's copied chafa declarations against chafa's real header (tests only:
        // pkg-config links libchafa into whatever depends on it).
        .systemLibrary(
            name: "CChafa", path: "Tests/CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"]), .brew(["chafa"])]),
        .target(name: "CImagingChecks", dependencies: ["CImaging", "CChafa"], path: "Tests/CImagingChecks"),
        .testTarget(
            name: "GHUsersKitTests",
            dependencies: [
                "GHUsersKit",
                "CImaging",
                "CImagingChecks",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                // The HTTP layer's errors, to classify every one the transport can meet.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["Browse/View/Golden"],
            swiftSettings: tests
        ),
        .testTarget(
            name: "ghusersTests",
            dependencies: [
                "ghusers",
                "GHUsersKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: tests
        ),
        .testTarget(
            name: "GitHubFakeTests",
            dependencies: [
                "GitHubFake",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: tests
        ),
        // The fuzz targets' oracles, a library of every build, so that the unit tests replay the
        // committed seed corpus through them (Tests/GHUsersFuzzTests); `bash scripts/fuzz` runs
        // them under libFuzzer.
        .target(name: "GHUsersFuzz", dependencies: ["GHUsersKit"], path: "Fuzz/Sources/GHUsersFuzz", swiftSettings: own),
        .testTarget(name: "GHUsersFuzzTests", dependencies: ["GHUsersFuzz"], swiftSettings: tests),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "GitHubFake",
                "GHUsersKit",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // A stand-in compiler DevelopmentBuildTests runs from the repository.
            exclude: ["Support/print-arguments"],
            swiftSettings: tests
        ),
    ]
)

// The fuzzer (`bash scripts/fuzz SECONDS`), declared only when GHUSERS_FUZZ=1: it is built with
// `-sanitize=fuzzer,address` into a build folder of its own (.build-fuzz), and a plain
// `swift build` neither sees nor builds it (libFuzzer brings its `main`;
// Fuzz/Sources/ghusers-fuzz/FuzzerEntry.c says why the executable is in C).
if Context.environment["GHUSERS_FUZZ"] == "1" {
    package.targets += [
        .executableTarget(name: "ghusers-fuzz", dependencies: ["GHUsersFuzz"], path: "Fuzz/Sources/ghusers-fuzz")
    ]
    package.products.append(.executable(name: "ghusers-fuzz", targets: ["ghusers-fuzz"]))
}
