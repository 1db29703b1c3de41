// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Waterfall",
    // Synchronization's Mutex (the one lock, in WaterfallCore) is there from macOS 15.
    platforms: [.macOS(.v15)],
    // One product a library module; each line of `targets` below says the module's one job, and
    // CONTRIBUTING.md draws the graph.
    products: [
        .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
        .library(name: "WaterfallCore", targets: ["WaterfallCore"]),
        .library(name: "WaterfallSpec", targets: ["WaterfallSpec"]),
        // The scene and the SVG, HTML and layout JSON renderers: no Cairo.
        .library(name: "WaterfallRender", targets: ["WaterfallRender"]),
        // PNG and PDF, with Cairo and Pango.
        .library(name: "WaterfallCairo", targets: ["WaterfallCairo"]),
        .library(name: "WaterfallFetch", targets: ["WaterfallFetch"]),
        .library(name: "WaterfallPipeline", targets: ["WaterfallPipeline"]),
        .library(name: "WaterfallDiff", targets: ["WaterfallDiff"]),
        .library(name: "WaterfallAudit", targets: ["WaterfallAudit"]),
        // A batch of specs rendered into a folder, their variants and the formats named: all
        // `render` needs, with no review or server code.
        .library(name: "WaterfallBatch", targets: ["WaterfallBatch"]),
        .library(name: "WaterfallReview", targets: ["WaterfallReview"]),
        // The pages people open, without a server: the gallery, the check report, result files.
        .library(name: "WaterfallPages", targets: ["WaterfallPages"]),
        .library(name: "WaterfallMotion", targets: ["WaterfallMotion"]),
        .library(name: "WaterfallSnapshotTesting", targets: ["WaterfallSnapshotTesting"]),
        .library(name: "WaterfallServe", targets: ["WaterfallServe"]),
        .executable(name: "waterfall", targets: ["WaterfallCLI"]),
        .executable(name: "waterfall-benchmark", targets: ["WaterfallBenchmark"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // Without its ConfigurationSupport trait: swift-configuration (58 files) is not built for a
        // server that reads its settings from the command line.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // FileDescriptor and Errno for the bounded file reader; already in the graph through swift-nio.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // The engine: pure computation, no IO, no Foundation.
        // Rounding is libm's; with no Foundation above it, a program of this module alone links it
        // itself.
        .target(name: "WaterfallLayout", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // SHA-256 from Nettle, through pkg-config (swift-crypto would build its own BoringSSL copy,
        // a third of a fresh debug build, for one digest).
        .systemLibrary(
            name: "CWaterfallNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"]), .brew(["nettle"])]),
        // What every module below the command line shares: colors, numbers as text, pixel images,
        // the layout dump, and one of each utility (bounded file reads, the lock, SHA-256, escaping).
        // openat2 and memfd_create, which Swift cannot call through glibc's variadic syscall().
        .target(name: "CWaterfallSystem"),
        .target(
            name: "WaterfallCore",
            dependencies: [
                "WaterfallLayout", "CWaterfallSystem", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // Spec files (JSON and YAML) decoded into layout configurations and content.
        .target(
            name: "WaterfallSpec",
            dependencies: [
                "WaterfallLayout", "WaterfallCore", .product(name: "Yams", package: "Yams"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The render model (scene) and the text renderers: SVG, and HTML from Mustache templates.
        // Knows nothing of specs: the pipeline builds the scene. SHA-256 (Nettle) names the fonts
        // and images a scene holds; every module that hashes is above this one.
        .target(
            name: "WaterfallRender",
            dependencies: [
                "WaterfallLayout", "WaterfallCore", "CWaterfallNettle",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // Cairo and Pango, through pkg-config; every C call is in WaterfallCairo/Internals/Cairo/.
        .systemLibrary(
            name: "CWaterfallCairo",
            pkgConfig: "pangocairo",
            providers: [
                .apt([
                    "libcairo2-dev", "libpango1.0-dev", "libpng-dev", "libturbojpeg0-dev", "zlib1g-dev",
                    "libdeflate-dev", "libfontconfig-dev", "libfreetype-dev", "libharfbuzz-dev",
                ]),
                .brew(["cairo", "pango", "libpng", "jpeg-turbo", "libdeflate", "fontconfig", "freetype"]),
            ]),
        // The PNG writer's and readers' row loops and the PNG writer's run-length deflate, in C compiled
        // as C: optimized in the test build, whose Swift is not.
        .target(name: "CWaterfallPixels"),
        // PNG and PDF output, PNG decoding and text measurement.
        .target(
            name: "WaterfallCairo",
            dependencies: [
                "CWaterfallCairo", "CWaterfallPixels", "WaterfallCore", "WaterfallRender", "WaterfallLayout",
            ]),
        // libcurl, the system's (OpenSSL flavour on Debian), through pkg-config; every C call is in
        // WaterfallFetch/Internals/Curl/.
        .systemLibrary(
            name: "CWaterfallCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        // Images fetched over HTTP(S) with limits, through libcurl; knows nothing of specs or scenes.
        .target(name: "WaterfallFetch", dependencies: ["WaterfallCore", "CWaterfallCurl"]),
        // Spec → layout → scene → renderers → staged files: the one path every command takes. It
        // builds the scene (cards measured with Pango, images read once), so the scene and the
        // renderers know nothing of specs.
        .target(
            name: "WaterfallPipeline",
            dependencies: [
                "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallRender", "WaterfallCairo",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The accessibility audit: contrast against the pixels Cairo draws, text cut short, small
        // tap targets and blurry images, found in a scene and named by their place in the spec.
        .target(
            name: "WaterfallAudit",
            dependencies: ["WaterfallCore", "WaterfallLayout", "WaterfallRender", "WaterfallCairo"]),
        // Pixel and layout comparison for visual regression tests, and a baseline PNG compared with a
        // drawing (`PictureComparison`, PNG through Cairo's codec): what `check` and the snapshot
        // strategies both compare with.
        .target(name: "WaterfallDiff", dependencies: ["WaterfallLayout", "WaterfallCore", "WaterfallCairo"]),
        // Visual review: a spec's variants checked against their baselines, recorded all or
        // nothing, stale baselines, the renderer fingerprint, and the results as JSON, JUnit and
        // annotations.
        .target(
            name: "WaterfallReview",
            dependencies: [
                "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallRender", "WaterfallCairo",
                "WaterfallPipeline", "WaterfallDiff", "WaterfallMotion", "WaterfallAudit", "WaterfallBatch",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // libwebp's animation encoder, giflib and libimagequant, for the clip encoders; every C call
        // is in WaterfallMotion/Encoders/Internals/.
        .systemLibrary(
            name: "CWaterfallMotion",
            pkgConfig: "libwebpmux",
            providers: [
                .apt(["libwebp-dev", "libgif-dev", "libimagequant-dev"]),
                .brew(["webp", "giflib", "libimagequant"]),
            ]),
        // Clips of a feed that moves: the scroll and load-more animations, their frames drawn as
        // screens on every core, and the APNG, WebP, GIF and MP4 encoders they stream into.
        .target(
            name: "WaterfallMotion",
            dependencies: [
                "CWaterfallMotion", "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallRender",
                "WaterfallCairo", "WaterfallPipeline", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // A batch of specs rendered into a folder on every core (`RenderJob`), a spec's variants, the
        // audit of its pictures and the formats `--format` names: what `render` and `examples` run.
        .target(
            name: "WaterfallBatch",
            dependencies: [
                "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallRender", "WaterfallCairo",
                "WaterfallPipeline", "WaterfallMotion", "WaterfallAudit",
            ]),
        // Strategies for pointfreeco/swift-snapshot-testing that work on Linux: no review, server or
        // HTTP code.
        .target(
            name: "WaterfallSnapshotTesting",
            dependencies: [
                "WaterfallCore", "WaterfallDiff", "WaterfallCairo", "WaterfallPipeline", "WaterfallRender",
                "WaterfallSpec", "WaterfallLayout",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // The pages people open, with no server: the gallery, the check report and the result files
        // checked, then written. Their templates (and serve's) are compiled in.
        .target(
            name: "WaterfallPages",
            dependencies: [
                "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallRender", "WaterfallCairo",
                "WaterfallPipeline", "WaterfallDiff", "WaterfallReview", "WaterfallBatch", "WaterfallMotion",
                "WaterfallAudit",
            ]),
        // `serve`'s Hummingbird server with its live pages, review and approval.
        .target(
            name: "WaterfallServe",
            dependencies: [
                "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallRender", "WaterfallCairo",
                "WaterfallPipeline", "WaterfallDiff", "WaterfallReview", "WaterfallMotion", "WaterfallAudit",
                "WaterfallBatch", "WaterfallPages",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The command line: arguments, a library call, terminal output; everything it computes or
        // serves is in the libraries above.
        .executableTarget(
            name: "WaterfallCLI",
            dependencies: [
                "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallRender", "WaterfallCairo",
                "WaterfallPipeline", "WaterfallDiff", "WaterfallFetch", "WaterfallReview", "WaterfallMotion",
                "WaterfallServe", "WaterfallAudit", "WaterfallBatch", "WaterfallPages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The C library's heap statistics, for the benchmark's bytes-per-item figures (glibc; zero elsewhere).
        .target(name: "CHeapStatistics"),
        // `swift run -c release waterfall-benchmark`: figures beside their baselines.
        .executableTarget(
            name: "WaterfallBenchmark",
            dependencies: [
                "CHeapStatistics", "WaterfallPipeline",
                "WaterfallLayout", "WaterfallSpec", "WaterfallRender", "WaterfallCairo", "WaterfallDiff",
                "WaterfallReview", "WaterfallMotion", "WaterfallBatch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(
            name: "WaterfallTestSupport",
            dependencies: ["WaterfallCore", "WaterfallLayout", "WaterfallSpec"],
            path: "Tests/WaterfallTestSupport"),
        // OpenSSL's libssl (which libcurl4-openssl-dev brings), for the test server's TLS port.
        .systemLibrary(
            name: "CWaterfallTestTLS",
            path: "Tests/CWaterfallTestTLS",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        // A small HTTP(S) server and a forward proxy on 127.0.0.1 for the fetch tests: images,
        // errors, slow and endless answers, CONNECT tunnels; POSIX sockets, a thread a connection.
        .target(
            name: "WaterfallTestServer",
            dependencies: ["WaterfallCore", "CWaterfallTestTLS"],
            path: "Tests/WaterfallTestServer"),
        .testTarget(
            name: "WaterfallFetchTests",
            dependencies: [
                "WaterfallFetch", "WaterfallPipeline", "WaterfallRender", "WaterfallSpec", "WaterfallCairo",
                "WaterfallCore", "WaterfallTestServer", "WaterfallTestSupport",
            ]),
        .testTarget(name: "WaterfallLayoutTests", dependencies: ["WaterfallLayout", "WaterfallTestSupport"]),
        // Core's utilities; PNG framing is checked against files Cairo's encoder wrote and zlib's CRC.
        .testTarget(
            name: "WaterfallCoreTests",
            dependencies: [
                "WaterfallCore", "WaterfallLayout", "WaterfallSpec", "WaterfallCairo", "CWaterfallCairo",
                "WaterfallTestSupport",
            ]),
        .testTarget(
            name: "WaterfallPipelineTests",
            dependencies: [
                "WaterfallPipeline", "WaterfallCairo", "WaterfallCore", "WaterfallLayout", "WaterfallRender",
                "WaterfallSpec", "WaterfallTestSupport",
            ]),
        .testTarget(
            name: "WaterfallBatchTests",
            dependencies: [
                "WaterfallBatch", "WaterfallMotion", "WaterfallPipeline", "WaterfallRender", "WaterfallSpec",
                "WaterfallLayout", "WaterfallTestSupport",
            ]),
        .testTarget(
            name: "WaterfallPagesTests",
            dependencies: ["WaterfallPages", "WaterfallPipeline", "WaterfallReview", "WaterfallTestSupport"]),
        .testTarget(
            name: "WaterfallSpecTests",
            dependencies: ["WaterfallSpec", "WaterfallLayout", "WaterfallCore", "WaterfallTestSupport"]),
        .testTarget(
            name: "WaterfallCairoTests",
            dependencies: [
                "WaterfallCairo", "WaterfallRender", "WaterfallLayout", "WaterfallSpec", "WaterfallPipeline",
                "WaterfallTestSupport",
            ]),
        .testTarget(
            name: "WaterfallRenderTests",
            dependencies: [
                "WaterfallRender", "WaterfallCairo", "WaterfallPipeline", "WaterfallSpec", "WaterfallLayout",
                "WaterfallDiff", "WaterfallReview", "WaterfallTestSupport",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "WaterfallSnapshotTestingTests",
            dependencies: [
                "WaterfallSnapshotTesting", "WaterfallSpec", "WaterfallCairo", "WaterfallTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "WaterfallReviewTests",
            dependencies: [
                "WaterfallReview", "WaterfallAudit", "WaterfallPipeline", "WaterfallCairo", "WaterfallDiff",
                "WaterfallSpec", "WaterfallBatch", "WaterfallRender",
                "WaterfallCore", "WaterfallLayout", "WaterfallTestSupport",
            ]),
        .testTarget(
            name: "WaterfallMotionTests",
            dependencies: [
                "WaterfallMotion", "WaterfallPipeline", "WaterfallCairo", "WaterfallSpec", "WaterfallCore",
                "WaterfallLayout", "WaterfallRender", "WaterfallTestSupport",
            ]),
        .testTarget(
            name: "WaterfallAuditTests",
            dependencies: [
                "WaterfallAudit", "WaterfallPipeline", "WaterfallRender", "WaterfallSpec", "WaterfallCore",
                "WaterfallTestSupport",
            ]),
        .testTarget(
            name: "WaterfallDiffTests",
            dependencies: ["WaterfallDiff", "WaterfallLayout", "WaterfallTestSupport"]),
        .testTarget(
            name: "WaterfallServeTests",
            dependencies: [
                "WaterfallServe", "WaterfallReview", "WaterfallAudit", "WaterfallPipeline", "WaterfallCore",
                "WaterfallLayout", "WaterfallPages", "WaterfallBatch",
                "WaterfallTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]),
        .testTarget(
            name: "WaterfallCLITests",
            dependencies: [
                "WaterfallCLI", "WaterfallSpec", "WaterfallRender", "WaterfallCairo", "WaterfallPipeline",
                "WaterfallReview", "WaterfallMotion", "WaterfallTestSupport",
            ],
            exclude: ["Fixtures"]),
        // The built `waterfall` as a process (standard streams, signals, the environment, limits, the
        // hostile suite, `serve` over HTTP) and the scripts: nothing here imports the command's
        // module, so this compiles while the server's dependencies do, not after them.
        .testTarget(
            name: "WaterfallProcessTests",
            dependencies: [
                "WaterfallCore", "WaterfallCairo", "WaterfallPipeline", "WaterfallReview", "WaterfallTestSupport",
                "WaterfallTestServer",
            ]),
    ]
)
