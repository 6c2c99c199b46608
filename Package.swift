// swift-tools-version:6.1
import PackageDescription

// Upcoming language features the code already meets. ExistentialAny (SE-0335): an existential
// is spelled `any`, so its cost shows. MemberImportVisibility (SE-0444): a member is visible only
// where its module is imported, so no C library member reaches code outside the rooms through
// another module's import.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "hig-spec-service",
    products: [
        .executable(name: "spec-server", targets: ["SpecServer"]),
        .library(name: "HTTPCore", targets: ["HTTPCore"]),
        .library(name: "SpecStore", targets: ["SpecStore"]),
        .library(name: "JSON", targets: ["JSON"]),
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
        // The room for unsafe code and C calls (the engine's own stay in HTTPCore/System): threads,
        // locks, clocks, descriptors, file reads and writes, sockets' addresses, the process, the
        // few C functions the standard library lacks and, with the UpstreamFetch trait, the one
        // libcurl transfer. Its API is `package`: for this package's targets only.
        .target(
            name: "SystemSupport",
            dependencies: [
                "CLinuxSupport", .target(name: "CCurl", condition: .when(traits: ["UpstreamFetch"])),
            ],
            swiftSettings: upcomingFeatures),
        // Lifetimes: a request and its byte views are ~Escapable, tied to the buffer they view.
        .target(
            name: "HTTPCore", dependencies: ["CLinuxSupport", "SystemSupport"],
            swiftSettings: [.enableExperimentalFeature("Lifetimes")] + upcomingFeatures),
        // JSON values, their parser and their writer: the store's data file, MCP's messages and the
        // API documents all speak it.
        .target(name: "JSON", dependencies: ["SystemSupport"], swiftSettings: upcomingFeatures),
        .target(name: "SpecStore", dependencies: ["JSON", "SystemSupport"], swiftSettings: upcomingFeatures),
        // libcurl, opened at run time (dlopen) by a build with the UpstreamFetch trait, and only
        // when a fetch is asked for: building needs libcurl's headers (libcurl4-openssl-dev),
        // running a fetch needs libcurl.so.4 (libcurl4), serving needs neither.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(
            name: "SpecServer",
            dependencies: [
                "HTTPCore", "JSON", "SourceWatch", "SpecAPI", "SpecFormats", "SpecMCP", "SpecStore",
                "SystemSupport",
            ],
            swiftSettings: upcomingFeatures,
            plugins: ["EmbedSpecData"]
        ),
        // The Apple-page watch (`sources check`, `--watch-sources`) and the upstream mirror
        // (`--upstream`): fetching, reading and comparing Apple's pages, the report, and the
        // mirror's polling and cache file. libcurl comes through SystemSupport, with the trait.
        .target(
            name: "SourceWatch", dependencies: ["JSON", "SpecStore", "SystemSupport"], swiftSettings: upcomingFeatures),
        // What both the module's tests and the application's need: page JSON in Apple's shape
        // made from the store, and a loopback server of it.
        .target(
            name: "SourceWatchFixtures",
            dependencies: ["JSON", "SourceWatch", "SpecStore", "SystemSupport", "TestSupport"],
            path: "Tests/SourceWatchFixtures"),
        .testTarget(
            name: "SourceWatchTests",
            dependencies: [
                "JSON", "SourceWatch", "SourceWatchFixtures", "SpecStore", "SystemSupport", "TestSupport",
            ]),
        // The API without HTTP bytes: routes, the request decoded once into a route, its filter and
        // its options, the answers and their notes, the pages that list routes, and the API's
        // description (OpenAPI, the index). The executable carries it over HTTP; MCP calls it.
        .target(
            name: "SpecAPI", dependencies: ["JSON", "SourceWatch", "SpecFormats", "SpecStore", "SystemSupport"],
            swiftSettings: upcomingFeatures),
        .testTarget(
            name: "SpecAPITests", dependencies: ["JSON", "SpecAPI", "SpecFormats", "SpecStore", "TestSupport"]),
        // MCP over the API: the tools and resources the routes declare, the JSON-RPC methods of both
        // protocol eras, and the Streamable HTTP transport's rules, reading answers through
        // MCPAnswerSource (which the server gives over its kept answers).
        .target(
            name: "SpecMCP", dependencies: ["JSON", "SpecAPI", "SpecFormats", "SpecStore"],
            swiftSettings: upcomingFeatures),
        .testTarget(
            name: "SpecMCPTests", dependencies: ["JSON", "SpecAPI", "SpecMCP", "SpecStore", "TestSupport"]),
        // The output formats (one file each) and the renderers they use: tables, pages, Swift, CSS
        // and design tokens from a table and a page model, knowing no route.
        .target(
            name: "SpecFormats", dependencies: ["JSON", "SpecStore", "SystemSupport"], swiftSettings: upcomingFeatures),
        .testTarget(name: "SpecFormatsTests", dependencies: ["JSON", "SpecFormats", "SpecStore"]),
        // Writes Data/specs.json into a Swift raw string literal so the binary runs alone.
        .executableTarget(name: "spec-data-embedder", path: "Plugins/SpecDataEmbedder"),
        .plugin(
            name: "EmbedSpecData",
            capability: .buildTool(),
            dependencies: ["spec-data-embedder"]
        ),
        // Load time and memory of the store: swift run -c release store-bench [path] [iterations]
        .executableTarget(
            name: "store-bench", dependencies: ["SpecStore"], path: "Benchmarks/store",
            exclude: ["scale.py", "scale.sh"]),
        // What more than one test target needs: waiting on a condition with a deadline, a blocking
        // HTTP client over loopback, and the repository's data file loaded once.
        .target(name: "TestSupport", dependencies: ["SpecStore", "SystemSupport"], path: "Tests/TestSupport"),
        .testTarget(
            name: "HTTPCoreTests", dependencies: ["HTTPCore", "SystemSupport", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "SpecStoreTests", dependencies: ["JSON", "SpecStore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SpecServerTests",
            dependencies: [
                "SpecServer", "HTTPCore", "JSON", "SpecAPI", "SpecFormats", "SpecMCP", "SpecStore", "SystemSupport",
                "TestSupport",
                "SourceWatch", "SourceWatchFixtures",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
