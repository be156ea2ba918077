// swift-tools-version: 6.1
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Tempo",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "TempoKit", targets: ["TempoKit"]),
        .library(name: "TempoFormats", targets: ["TempoFormats"]),
        .library(name: "TempoStore", targets: ["TempoStore"]),
        .library(name: "TempoServer", targets: ["TempoServer"]),
        .executable(name: "tempo", targets: ["tempo"]),
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
    ],
    targets: [
        .target(name: "TempoKit", swiftSettings: settings),
        .target(name: "TempoFormats", dependencies: ["TempoKit"], swiftSettings: settings),
        .target(
            name: "TempoStore",
            dependencies: ["TempoKit", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: settings
        ),
        .target(
            name: "TempoServer",
            dependencies: [
                "TempoKit", "TempoFormats", "TempoStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.embedInCode("openapi.yaml")],
            swiftSettings: settings
        ),
        .target(
            name: "TempoSync",
            dependencies: [
                "TempoKit", "TempoStore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "tempo",
            dependencies: [
                "TempoKit", "TempoFormats", "TempoStore", "TempoServer", "TempoSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: settings
        ),

        .testTarget(
            name: "TempoKitTests",
            dependencies: [
                "TempoKit",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TempoFormatsTests",
            dependencies: ["TempoFormats"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TempoStoreTests",
            dependencies: ["TempoStore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TempoServerTests",
            dependencies: ["tempo", "TempoServer", "TempoKit"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TempoCLITests",
            dependencies: ["tempo"],
            swiftSettings: settings
        ),

        // Release-mode benchmarks: `swift run -c release <name>`; each prints its figure and its reference's.
        .executableTarget(
            name: "scheduler-benchmark", dependencies: ["TempoKit"],
            path: "Benchmarks/Scheduler", swiftSettings: settings
        ),
        .executableTarget(
            name: "runs-benchmark", dependencies: ["TempoKit", "TempoFormats"],
            path: "Benchmarks/Runs", exclude: ["accuracy.py"], swiftSettings: settings
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
