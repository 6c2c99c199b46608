// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "hig-spec-service",
    products: [
        .executable(name: "spec-server", targets: ["SpecServer"]),
        .library(name: "HTTPCore", targets: ["HTTPCore"]),
        .library(name: "SpecStore", targets: ["SpecStore"]),
    ],
    traits: [
        // swift build --traits UpstreamFetch: `--upstream URL` mirrors a data file over HTTP(S)
        // with libcurl (Debian: libcurl4-openssl-dev to build, libcurl4 to run). Off by default,
        // so the default build needs nothing but Swift.
        .trait(name: "UpstreamFetch", description: "Mirror a data file from a URL with libcurl (--upstream)")
    ],
    targets: [
        // epoll, eventfd, signalfd, accept4 and friends: Glibc's Swift overlay lacks them.
        .target(name: "CLinuxSupport"),
        // The one room for unsafe code and raw system calls that more than one target needs:
        // threads, locks, clocks, descriptors, file reads and writes, sockets' addresses.
        .target(name: "SystemSupport", dependencies: ["CLinuxSupport"]),
        // Lifetimes: a request and its byte views are ~Escapable, tied to the buffer they view.
        .target(
            name: "HTTPCore", dependencies: ["CLinuxSupport", "SystemSupport"],
            swiftSettings: [.enableExperimentalFeature("Lifetimes")]),
        .target(name: "SpecStore", dependencies: ["SystemSupport"]),
        // libcurl, opened at run time (dlopen) by a build with the UpstreamFetch trait, and only
        // when a fetch is asked for: building needs libcurl's headers (libcurl4-openssl-dev),
        // running a fetch needs libcurl.so.4 (libcurl4), serving needs neither.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(
            name: "SpecServer",
            dependencies: [
                "HTTPCore", "SpecStore", "SystemSupport",
                .target(name: "CCurl", condition: .when(traits: ["UpstreamFetch"])),
            ],
            plugins: ["EmbedSpecData"]
        ),
        // Writes Data/specs.json into a Swift raw string literal so the binary runs alone.
        .executableTarget(name: "spec-data-embedder", path: "Plugins/SpecDataEmbedder"),
        .plugin(
            name: "EmbedSpecData",
            capability: .buildTool(),
            dependencies: ["spec-data-embedder"]
        ),
        // Load time and memory of the store: swift run -c release store-bench [path] [iterations]
        .executableTarget(name: "store-bench", dependencies: ["SpecStore"], path: "Benchmarks/store"),
        // What more than one test target needs: waiting on a condition with a deadline.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "HTTPCoreTests", dependencies: ["HTTPCore", "SystemSupport", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SpecStoreTests", dependencies: ["SpecStore"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SpecServerTests",
            dependencies: ["SpecServer", "HTTPCore", "SpecStore", "SystemSupport", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
