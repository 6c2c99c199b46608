// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "hig-spec-service",
    products: [
        .executable(name: "spec-server", targets: ["SpecServer"]),
        .library(name: "HTTPCore", targets: ["HTTPCore"]),
        .library(name: "SpecStore", targets: ["SpecStore"]),
    ],
    targets: [
        // epoll, eventfd, signalfd, accept4 and friends: Glibc's Swift overlay lacks them.
        .target(name: "CLinuxSupport"),
        .target(name: "HTTPCore", dependencies: ["CLinuxSupport"]),
        .target(name: "SpecStore"),
        .executableTarget(
            name: "SpecServer",
            dependencies: ["HTTPCore", "SpecStore"],
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
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SpecStoreTests", dependencies: ["SpecStore"], exclude: ["Fixtures"]),
        .testTarget(name: "SpecServerTests", dependencies: ["SpecServer", "HTTPCore", "SpecStore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
