// swift-tools-version: 6.1
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The packages only the tools need (the store, the server, the sync client and the CLI).
/// A library user who asks for no traits resolves none of them:
/// `.package(url: "https://github.com/tempo-swift/tempo", from: "0.5.0", traits: [])`.
let tools: TargetDependencyCondition? = .when(traits: ["Tools"])

let package = Package(
    name: "Tempo",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "TempoKit", targets: ["TempoKit"]),
        .library(name: "TempoFormats", targets: ["TempoFormats"]),
        .library(name: "TempoStore", targets: ["TempoStore"]),
        .library(name: "TempoServer", targets: ["TempoServer"]),
        .executable(name: "tempo", targets: ["tempo"]),
        .executable(name: "tempo-front", targets: ["tempo-front"]),
    ],
    traits: [
        .trait(
            name: "Tools",
            description: "TempoStore, TempoServer, TempoSync and the tempo tool, with GRDB, Hummingbird, SwiftNIO and ArgumentParser"
        ),
        .default(enabledTraits: ["Tools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.6"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .target(name: "CTempoPrefetch"),
        .target(name: "TempoKit", dependencies: ["CTempoPrefetch"], swiftSettings: settings),
        .target(name: "TempoFormats", dependencies: ["TempoKit"], swiftSettings: settings),
        .target(
            name: "TempoStore",
            dependencies: ["TempoKit", .product(name: "GRDB", package: "GRDB.swift", condition: tools)],
            swiftSettings: settings
        ),
        .target(
            name: "TempoServer",
            dependencies: [
                "TempoKit", "TempoFormats", "TempoStore",
                .product(name: "GRDB", package: "GRDB.swift", condition: tools),
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth", condition: tools),
                .product(name: "Logging", package: "swift-log", condition: tools),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: tools),
            ],
            resources: [.embedInCode("openapi.yaml")] + [
                "index.html", "dashboard.css", "icon.svg",
                "app.js", "api.js", "format.js", "svg.js", "today.js", "timers.js", "runs.js", "places.js",
            ].map { .embedInCode("Dashboard/" + $0) },
            swiftSettings: settings
        ),
        .target(
            name: "TempoSync",
            dependencies: [
                "TempoKit", "TempoStore",
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOPosix", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "tempo",
            dependencies: [
                "TempoKit", "TempoFormats", "TempoStore", "TempoServer", "TempoSync", "TempoToolCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
                .product(name: "Logging", package: "swift-log", condition: tools),
                .product(name: "TOMLKit", package: "TOMLKit", condition: tools),
            ],
            swiftSettings: settings
        ),
        // What the two binaries of the tool share: where the store and the config file are, and
        // the text forms both print.
        .target(name: "TempoToolCore", dependencies: ["TempoKit"], swiftSettings: settings),
        // The installed `tempo`: answers `--help`, `focus status` and `timer list` itself (SQLite's
        // C interface, read-only) and hands every other command line to the full tool.
        .executableTarget(
            name: "tempo-front",
            dependencies: ["TempoKit", "TempoToolCore", "CSQLite", "CFrontStart"],
            resources: [.embedInCode("root-help.txt")],
            swiftSettings: settings
        ),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .target(name: "CFrontStart"),

        // Where the test targets write their files (one directory per test process, removed at exit).
        .target(name: "TempoTestSupport", path: "Tests/TestSupport", swiftSettings: settings),
        .testTarget(
            name: "TempoKitTests",
            dependencies: [
                "TempoKit",
                "TempoTestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TempoFormatsTests",
            dependencies: ["TempoFormats", "TempoTestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TempoStoreTests",
            dependencies: ["TempoStore", "TempoTestSupport", .product(name: "GRDB", package: "GRDB.swift", condition: tools)],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TempoServerTests",
            dependencies: ["tempo", "TempoServer", "TempoKit", "TempoTestSupport"],
            swiftSettings: settings
        ),
        // The CLI suites run `tempo` and `tempo-front` as processes (`swift build --build-tests`
        // builds both). The front is not linked into them: its constructors would hand the test
        // process itself to the full tool.
        .testTarget(
            name: "TempoCLITests",
            dependencies: ["tempo", "TempoToolCore", "TempoStore", "TempoTestSupport"],
            swiftSettings: settings
        ),

        // Release-mode benchmarks: `swift run -c release <name>`; each prints its figure and its reference's.
        .executableTarget(
            name: "scheduler-benchmark", dependencies: ["TempoKit"],
            path: "Benchmarks/Scheduler", swiftSettings: settings
        ),
        .executableTarget(
            name: "runs-benchmark", dependencies: ["TempoKit", "TempoFormats"],
            path: "Benchmarks/Runs", exclude: ["accuracy.py", "restart_bound.py"], swiftSettings: settings
        ),
        .executableTarget(
            name: "focus-benchmark", dependencies: ["TempoKit", "TempoStore"],
            path: "Benchmarks/Focus", exclude: ["versus_timewarrior.py"], swiftSettings: settings
        ),
        .executableTarget(
            name: "places-benchmark", dependencies: ["TempoKit"],
            path: "Benchmarks/Places", swiftSettings: settings
        ),
    ],
    swiftLanguageModes: [.v6]
)
