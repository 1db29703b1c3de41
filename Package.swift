// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Waterfall",
    products: [
        .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
        .library(name: "WaterfallSpec", targets: ["WaterfallSpec"]),
        .executable(name: "waterfall", targets: ["WaterfallCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The engine: pure computation, no IO, no Foundation.
        .target(name: "WaterfallLayout"),
        // Spec files (JSON and YAML) decoded into layout configurations and content.
        .target(
            name: "WaterfallSpec",
            dependencies: ["WaterfallLayout", .product(name: "Yams", package: "Yams")]),
        .executableTarget(
            name: "WaterfallCLI",
            dependencies: [
                "WaterfallLayout", "WaterfallSpec",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "WaterfallLayoutTests", dependencies: ["WaterfallLayout"]),
        .testTarget(name: "WaterfallSpecTests", dependencies: ["WaterfallSpec", "WaterfallLayout"]),
        .testTarget(
            name: "WaterfallCLITests", dependencies: ["WaterfallLayout"],
            resources: [.copy("Fixtures")]),
    ]
)
