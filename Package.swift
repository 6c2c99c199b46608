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
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore"], exclude: ["Fixtures"]),
        .testTarget(name: "SpecStoreTests", dependencies: ["SpecStore"]),
        .testTarget(name: "SpecServerTests", dependencies: ["SpecServer", "HTTPCore", "SpecStore"]),
    ],
    swiftLanguageModes: [.v6]
)
