// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Fremont",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "FremontCore", targets: ["FremontCore"]),
        .executable(name: "fremont", targets: ["fremont"]),
        .executable(name: "fremont-bench", targets: ["fremont-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Parsing and models: Foundation (+ FoundationXML) only, no terminal code.
        .target(name: "FremontCore"),
        .executableTarget(
            name: "fremont",
            dependencies: [
                "FremontCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources/Embedded")]
        ),
        .executableTarget(name: "fremont-bench", dependencies: ["FremontCore"]),
        // Fixtures are read by path (like ../shared/data), not bundled.
        .testTarget(name: "FremontCoreTests", dependencies: ["FremontCore"], exclude: ["Fixtures"]),
        // Drives the real binary; depending on it makes `swift test` build it first.
        .testTarget(name: "FremontCLITests", dependencies: ["fremont"]),
    ],
    swiftLanguageModes: [.v6]
)
