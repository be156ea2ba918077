// swift-tools-version: 6.1
// The README's "Using the library" recipes as programs: `swift run --package-path Examples countdown-screen`.
// A package of its own, so the root package's products stay the library's and the tool's. It asks
// for none of Tempo's traits, as an app would: it resolves no other package.
import PackageDescription

let package = Package(
    name: "TempoExamples",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "Tempo", path: "..", traits: [])],
    targets: [
        .executableTarget(name: "countdown-screen", dependencies: [.product(name: "TempoKit", package: "Tempo")],
                          path: "Sources/CountdownScreen"),
        .executableTarget(name: "watch-places", dependencies: [.product(name: "TempoKit", package: "Tempo")],
                          path: "Sources/WatchPlaces"),
        .executableTarget(name: "summarise-run",
                          dependencies: [.product(name: "TempoKit", package: "Tempo"), .product(name: "TempoFormats", package: "Tempo")],
                          path: "Sources/SummariseRun"),
        .executableTarget(name: "focus-today", dependencies: [.product(name: "TempoKit", package: "Tempo")],
                          path: "Sources/FocusToday"),
    ],
    swiftLanguageModes: [.v6]
)
