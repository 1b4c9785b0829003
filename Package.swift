// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Fremont",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FremontCore", targets: ["FremontCore"]),
        .library(name: "FremontUI", targets: ["FremontUI"]),
        .executable(name: "fremont", targets: ["fremont"]),
        .executable(name: "fremont-bench", targets: ["fremont-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // A small HTTP server, for the tests' loopback server only.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        // Property-based tests (Swift Testing), for the test targets only.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
    ],
    targets: [
        // Parsing and models: Foundation (+ FoundationXML) only, no terminal code.
        .target(name: "FremontCore"),
        // Where data comes from: URLs (streamed into the parsers), the Socrata API, the feed list,
        // and the SQLite cache that makes offline use possible.
        .target(
            name: "FremontSources",
            dependencies: ["FremontCore", "CCurl", "CZlib", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The system zlib, for the cache's item text (raw deflate).
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The system libcurl, for HTTP: its easy interface, through a shim for the variadic calls.
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // The system libxml2, for its HTML parser (htmlReadMemory): web pages as browsers read them.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The main text of a web page, Readability's way, over libxml2's DOM: kept apart from
        // FremontCore so that only what reads web pages links libxml2.
        .target(name: "FremontArticle", dependencies: ["FremontCore", "CLibXML2"]),
        // View state and rendering into a screen buffer: pure Swift, no terminal calls.
        .target(name: "FremontUI", dependencies: ["FremontCore"]),
        // The system ncursesw (wide-character build), through a shim for its macros and globals.
        .systemLibrary(
            name: "CNcurses",
            path: "CNcurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // The only code that talks to the terminal.
        .target(name: "FremontTerminal", dependencies: ["FremontUI", "CNcurses"]),
        // Where loads meet views: each tab's loader, the host, the config, link launching, and the
        // data built in; `Browser.run` is what every command that opens the browser calls.
        .target(
            name: "FremontBrowser",
            dependencies: ["FremontCore", "FremontSources", "FremontUI", "FremontTerminal", "FremontArticle", "CEmbedded"]
        ),
        // The built-in data, in the binary itself (no resource bundle to lose when it is copied).
        .target(name: "CEmbedded", exclude: ["include/data"]),
        // Arguments, option checks and wiring only.
        .executableTarget(
            name: "fremont",
            dependencies: [
                "FremontCore",
                "FremontSources",
                "FremontUI",
                "FremontBrowser",
                "FremontArticle",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Reaches posix_openpt and friends for the benchmark's pseudo-terminal.
        .target(name: "CPseudoTerminal"),
        .executableTarget(name: "fremont-bench", dependencies: ["FremontCore", "FremontArticle", "FremontSources", "FremontUI", "FremontBrowser", "CPseudoTerminal",
                                                                .product(name: "GRDB", package: "GRDB.swift")]),
        // The test kit every test target builds on: fixtures (tables in the Fremont Bridge's shape,
        // the shared data), the loopback HTTP server (FlyingFox), a temporary home, a child-process
        // runner that waits without holding a thread, and tmux sessions for the end-to-end tests.
        .target(
            name: "FremontTestSupport",
            dependencies: ["FremontCore", .product(name: "FlyingFox", package: "FlyingFox")],
            path: "Tests/Support"
        ),
        // Fixtures are read by path (like ../shared/data), not bundled.
        .testTarget(
            name: "FremontCoreTests",
            dependencies: ["FremontCore", "FremontTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FremontUITests",
            dependencies: ["FremontUI", "FremontCore", "FremontTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "FremontSourcesTests",
            dependencies: ["FremontSources", "FremontCore", "FremontTestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // The loaders and the host, in process: no binary spawned.
        .testTarget(
            name: "FremontBrowserTests",
            dependencies: ["FremontBrowser", "FremontUI", "FremontTerminal", "FremontSources", "FremontCore", "FremontTestSupport"]
        ),
        // Drives the real binary; depending on it makes `swift test` build it first. The cache's
        // tests fill a cache through FremontSources and serve files on loopback with FlyingFox.
        .testTarget(
            name: "FremontCLITests",
            dependencies: ["fremont", "FremontSources", "FremontCore", "FremontTestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // The extractor against Mozilla Readability's test pages in ../shared/data/articles.
        .testTarget(name: "FremontArticleTests", dependencies: ["FremontArticle", "FremontCore", "FremontTestSupport"]),
        // The test kit's own tests: the process runner and the whole-screen comparison.
        .testTarget(name: "FremontTestSupportTests", dependencies: ["FremontTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
