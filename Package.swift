// swift-tools-version: 6.2
// Formatting style: one section per module and its tests, dependencies one per line.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // SE-0335: make existential types visible at the use site.
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "KidneyHub",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kidneyhub", targets: ["kidneyhub"]),
        .executable(name: "kidneyhub-simulator", targets: ["Simulator"]),
        .library(name: "AdapterKit", targets: ["AdapterKit"]),
        .library(name: "AdapterProtocol", targets: ["AdapterProtocol"]),
        // Import adapters (issue 7).
        .executable(name: "kidneyhub-fitbit-export", targets: ["FitbitExportAdapter"]),
        .executable(name: "kidneyhub-apple-health", targets: ["AppleHealthAdapter"]),
        .executable(name: "kidneyhub-garmin-fit", targets: ["GarminFITAdapter"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // Import adapters (issue 7): zip archives read entry by entry, streamed.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // MARK: AdapterProtocol: the wire contract shared by the hub and Swift adapters.
        .target(
            name: "AdapterProtocol",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AdapterProtocolTests",
            dependencies: ["AdapterProtocol"],
            swiftSettings: swiftSettings
        ),

        // MARK: AdapterKit: what a Swift adapter author links.
        .target(
            name: "AdapterKit",
            dependencies: ["AdapterProtocol"],
            swiftSettings: swiftSettings
        ),

        // MARK: HubCore: units, measurement kinds, validation and normalization (pure).
        .target(
            name: "HubCore",
            dependencies: [.product(name: "CSV", package: "CSV.swift")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HubCoreTests",
            dependencies: ["HubCore"],
            swiftSettings: swiftSettings
        ),

        // MARK: HubStore: the SQLite store (GRDB).
        .target(
            name: "HubStore",
            dependencies: [
                "HubCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HubStoreTests",
            dependencies: [
                "HubCore",
                "HubStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Imaging: avatar thumbnails with libvips (Debian: libvips-dev), behind a small C shim.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(
            name: "VipsShim",
            dependencies: ["CVips"]
        ),
        .target(
            name: "Imaging",
            dependencies: ["VipsShim"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImagingTests",
            dependencies: ["Imaging"],
            swiftSettings: swiftSettings
        ),

        // MARK: Hub: adapter discovery, supervision, ingest, conformance checks.
        .target(
            name: "Hub",
            dependencies: [
                "AdapterProtocol",
                "HubCore",
                "HubStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                // Import (issue 7): recognising a zip export by the names of its entries.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HubTests",
            dependencies: [
                "AdapterProtocol",
                "Hub",
                "HubCore",
                "HubStore",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: kidneyhub: the command line, thin over the modules.
        .executableTarget(
            name: "kidneyhub",
            dependencies: [
                "Hub",
                "HubCore",
                "HubStore",
                "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Adapters shipped with the hub (Plugins/<name>, each with its adapter.json).
        .executableTarget(
            name: "Simulator",
            dependencies: ["AdapterKit"],
            path: "Plugins/simulator",
            exclude: ["adapter.json", "README.md", "scenarios"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SimulatorTests",
            dependencies: [
                "AdapterProtocol",
                "Simulator",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Importers (issue 7): file adapters for Fitbit account exports, Apple Health exports and Garmin FIT
        // files. libxml2 (Debian: libxml2-dev) streams Apple's export.xml; ZIPFoundation streams zip entries.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "Importers",
            dependencies: [
                "AdapterKit",
                "AdapterProtocol",
                "CLibXML2",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FitbitExportAdapter",
            dependencies: ["AdapterKit", "Importers"],
            path: "Plugins/fitbit-export",
            exclude: ["adapter.json"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "AppleHealthAdapter",
            dependencies: ["AdapterKit", "Importers"],
            path: "Plugins/apple-health",
            exclude: ["adapter.json"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "GarminFITAdapter",
            dependencies: ["AdapterKit", "Importers"],
            path: "Plugins/garmin-fit",
            exclude: ["adapter.json"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImportersTests",
            dependencies: [
                "AdapterProtocol",
                "Importers",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: End-to-end tests: the real hub and the real adapter executables.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "AdapterProtocol",
                "Hub",
                "HubCore",
                "HubStore",
                "Simulator",
                "kidneyhub",
                // Import adapters (issue 7), built so the tests can run them.
                "FitbitExportAdapter",
                "AppleHealthAdapter",
                "GarminFITAdapter",
                "Importers",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Benchmarks: an executable, run by hand; figures go to docs/benchmarks.md.
        .executableTarget(
            name: "KidneyHubBenchmarks",
            dependencies: [
                "AdapterProtocol",
                "Hub",
                "HubCore",
                "HubStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // Import benchmarks (issue 7): the FIT reader against fitparse.
                "Importers",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
