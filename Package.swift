// swift-tools-version: 6.2
// Formatting style: one section per module and its tests, dependencies one per line.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // SE-0335: make existential types visible at the use site.
    .enableUpcomingFeature("ExistentialAny"),
    // SE-0444: a member is visible only where its module is imported, so every file names what it uses and every
    // import is declared in this file (Tests/repository/test_layering.py checks the declarations).
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "KidneyHub",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kidneyhub", targets: ["kidneyhub"]),
        .executable(name: "kidneyhub-simulator", targets: ["Simulator"]),
        .executable(name: "kidneyhub-usb-glucometer", targets: ["UsbGlucometer"]),
        .library(name: "AdapterKit", targets: ["AdapterKit"]),
        .library(name: "AdapterProtocol", targets: ["AdapterProtocol"]),
        .executable(name: "kidneyhub-ble-scale", targets: ["BLEScale"]),
        .executable(name: "kidneyhub-ble-bp-cuff", targets: ["BLEBloodPressureCuff"]),
        .executable(name: "kidneyhub-ble-glucose", targets: ["BLEGlucose"]),
        // Import adapters (issue 7).
        .executable(name: "kidneyhub-fitbit-export", targets: ["FitbitExportAdapter"]),
        .executable(name: "kidneyhub-apple-health", targets: ["AppleHealthAdapter"]),
        .executable(name: "kidneyhub-garmin-fit", targets: ["GarminFITAdapter"]),
        // The care-team server (issue 20).
        .executable(name: "kidneyhub-server", targets: ["KidneyHubServer"]),
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
        // HubDaemon (issue 16): the daemon's services, signals and graceful shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // HubWeb (issue 18): the web app's HTTP server, and bcrypt for its passphrase. Build cost: Hummingbird brings
        // swift-nio, swift-nio-extras, swift-http-types, swift-async-algorithms, swift-metrics and
        // swift-distributed-tracing (a first debug build about 3 to 5 minutes on 2 cores, up to 3 times that under
        // load); hummingbird-auth's HummingbirdBcrypt adds one small C target (seconds). Hummingbird's default
        // traits are off (no swift-configuration; neither HubWeb nor the care-team server uses it), which saves
        // about a minute.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // Already built for Hummingbird; named so HubWeb and the care-team server may import HTTPTypes themselves.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The care-team server (issue 20). Build cost, first debug build on this 2-core machine: postgres-nio brings
        // swift-nio-ssl (BoringSSL) and swift-crypto, about 4 to 5 minutes together; Hummingbird's testing client
        // (async-http-client, nio-http2) about 3 minutes more.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // The hub's care-team sync (issue 20 item 7): its HTTP client. Already resolved and built for HummingbirdTesting.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // MARK: AdapterProtocol: the wire contract shared by the hub and Swift adapters.
        .target(
            name: "AdapterProtocol",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AdapterProtocolTests",
            dependencies: ["AdapterProtocol", "TestSupport"],
            swiftSettings: swiftSettings
        ),

        // MARK: AdapterKit: what a Swift adapter author links.
        .target(
            name: "AdapterKit",
            dependencies: ["AdapterProtocol"],
            swiftSettings: swiftSettings
        ),

        // MARK: CivilTime: proleptic Gregorian day arithmetic, one copy for the hub and the adapters' side.
        .target(
            name: "CivilTime",
            swiftSettings: swiftSettings
        ),

        // MARK: HubCore: units (the one UCUM table), measurement kinds and their normalization, time. No package.
        .target(
            name: "HubCore",
            dependencies: ["CivilTime"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HubCoreTests",
            dependencies: ["CivilTime", "HubCore", "TestSupport"],
            swiftSettings: swiftSettings
        ),

        // MARK: Clinical: the patient profile, labs, CKD-EPI 2021 and KDIGO staging, dialysis schedule and weight
        // phases, trends.
        .target(
            name: "Clinical",
            dependencies: [
                "CivilTime",
                "HubCore",
                .product(name: "CSV", package: "CSV.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ClinicalTests",
            dependencies: ["Clinical", "HubCore", "TestSupport"],
            swiftSettings: swiftSettings
        ),

        // MARK: Care: nutrition limits and rules, goals and rewards, advice and food-drug rules, notifications and
        // reminders.
        .target(
            name: "Care",
            dependencies: ["Clinical", "HubCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CareTests",
            dependencies: ["Care", "Clinical", "HubCore", "TestSupport"],
            swiftSettings: swiftSettings
        ),

        // MARK: TerminalOutput: what the command line draws (charts in a terminal).
        .target(
            name: "TerminalOutput",
            dependencies: ["Clinical", "HubCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TerminalOutputTests",
            dependencies: ["Clinical", "HubCore", "TerminalOutput", "TestSupport"],
            swiftSettings: swiftSettings
        ),

        // MARK: HubRecords: the values the store takes and gives back, plain structs with no database in them, so that
        // the front ends can hold them without seeing the store.
        .target(
            name: "HubRecords",
            dependencies: ["Care", "Clinical", "HubCore"],
            swiftSettings: swiftSettings
        ),

        // MARK: HubStore: the SQLite store (GRDB), its writer private.
        .target(
            name: "HubStore",
            dependencies: [
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                // The backup's CSV export.
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HubStoreTests",
            dependencies: [
                "Care",
                "Clinical",
                "FoodData",
                "HubCore",
                "HubRecords",
                "HubStore",
                "TestSupport",
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

        // MARK: FoodData: the USDA SR28 food database shipped as a resource (scripts/build-food-database.py makes it),
        // read with zlib (Debian: zlib1g-dev).
        .systemLibrary(
            name: "CSystemZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "FoodData",
            dependencies: [
                "CSystemZlib",
                "Care",
                "HubCore",
            ],
            resources: [.copy("Resources/usda-sr28.tsv.gz")],
            swiftSettings: swiftSettings
        ),

        // MARK: AdapterHost: adapter discovery, processes, supervision, the ingest pipeline, conformance checks, the
        // control socket, file import, hotplug matching.
        .target(
            name: "AdapterHost",
            dependencies: [
                "AdapterProtocol",
                "HubCore",
                "HubRecords",
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
            name: "AdapterHostTests",
            dependencies: [
                "AdapterHost",
                "AdapterProtocol",
                "HubCore",
                "HubRecords",
                "HubStore",
                "TestSupport",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: LibUSBHotplug: USB arrivals from libusb's hotplug callback, kept apart so the host does not link libusb.
        .target(
            name: "LibUSBHotplug",
            dependencies: ["AdapterHost", "USBTransport"],
            swiftSettings: swiftSettings
        ),

        // MARK: CareEngine: what happens to stored data: weight tagging, goal evaluation, rewards, notifications and
        // their delivery, advice.
        .target(
            name: "CareEngine",
            dependencies: [
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CareEngineTests",
            dependencies: [
                "AdapterHost",  // the weight tagger is tested behind the real ingest pipeline
                "AdapterProtocol",
                "Care",
                "CareEngine",
                "Clinical",
                "FoodData",  // issue 10: decision-support tests check real USDA foods
                "HubCore",
                "HubRecords",
                "HubStore",
                "TestSupport",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Reports: charts (pure layout in Charts), PDF/PNG/SVG through cairo and pango (Debian: libcairo2-dev,
        // libpango1.0-dev), the report's content, the FHIR R4 export, the reports folder.
        .target(
            name: "Charts",
            dependencies: ["Clinical", "HubCore"],
            swiftSettings: swiftSettings
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        .target(
            name: "Reports",
            dependencies: [
                "CCairo",
                "Charts",
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubStore",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SampleData",
            dependencies: [
                "FoodData",
                "AdapterHost",
                "CareEngine",
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubStore",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "TestSupport",
                "Charts",
                "FoodData",
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubStore",
                "Reports",
                "SampleData",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: HubServices: the application layer. One type per area; its methods are the operations a user can do, and
        // they return values. Every front end (the command line, the daemon, the web app) calls it.
        .target(
            name: "HubServices",
            dependencies: [
                "AdapterHost",
                "AdapterProtocol",
                "Care",
                "CareEngine",
                "Clinical",
                "DesktopNotifications",
                "FoodData",
                "HubCore",
                "HubRecords",
                "HubStore",
                "Imaging",
                "Reports",
                // The report's mail command: swift-subprocess starts it with no signal blocked (Foundation's
                // `Process` passes on the calling thread's mask, and Dispatch's threads block SIGTERM).
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                // The care-team sync's HTTP client (issue 20 item 7). Build cost: none beyond linking;
                // async-http-client, nio-http1 and nio-ssl are already built for Hummingbird's test client and
                // postgres-nio.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The web app's CSV export download: the tables in one zip. Build cost: none beyond linking (already
                // built for AdapterHost's importers).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "HubServicesTests",
            dependencies: [
                "AdapterHost",
                "AdapterProtocol",
                "Care",
                "Clinical",
                "FoodData",
                "HubCore",
                "HubDaemon",
                "HubRecords",
                "HubServices",
                "TestSupport",
                // Built so the tests can run the simulated devices.
                "Simulator",
                // Set-up and observation only (a profile, goals, a manual entry, what was tagged and rewarded): the
                // services for them are other areas' work.
                "CareEngine",
                "HubStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: HubDaemon: the daemon as a service group under swift-service-lifecycle (device syncs, the goal
        // scheduler, the control socket, hotplug), with graceful shutdown on SIGTERM and SIGINT; startable in process.
        .target(
            name: "HubDaemon",
            dependencies: [
                "AdapterHost",
                "HubRecords",
                "HubServices",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: HubWeb (issue 18): the web app on Hummingbird 2: server-rendered pages, a JSON API, sessions, CSRF and
        // Host checks. It calls HubServices only and holds no rule.
        .target(
            name: "HubWeb",
            dependencies: [
                "Care",
                // The trends page draws with the report's chart layout (pure Swift, no cairo: seconds to build).
                "Charts",
                // The reports page lists the reports folder's index entries (already linked by `kidneyhub`).
                "Reports",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubServices",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                // HTTPS beyond loopback (`--tls-cert`, `--tls-key`). Build cost: none more; swift-nio-ssl and
                // HummingbirdTLS are already built for the care-team server.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HubWebTests",
            dependencies: [
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubServices",
                "HubWeb",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: kidneyhub: the command line, thin over the modules.
        .executableTarget(
            name: "kidneyhub",
            dependencies: [
                "AdapterHost",  // the values of its reports (sync, import, conformance)
                "AdapterProtocol",  // adapter configurations as JSON values
                "Care",
                "Clinical",
                "HubCore",
                "HubDaemon",
                "HubRecords",
                "HubServices",
                "HubWeb",
                "LibUSBHotplug",
                "Reports",  // the values of its report requests and listings
                "TerminalOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: DesktopNotifications (issue 9): notifications on the desktop through freedesktop Notify, on the D-Bus client.
        .target(
            name: "DesktopNotifications",
            dependencies: ["Care", "CareEngine", "DBus", "HubCore", "HubRecords", "HubStore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DesktopNotificationsTests",
            dependencies: [
                "Care", "CareEngine", "DBus", "DesktopNotifications", "HubCore", "HubRecords", "HubStore",
                "TestSupport",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Adapters shipped with the hub (Plugins/<name>, each with its adapter.json).
        .executableTarget(
            name: "Simulator",
            dependencies: ["AdapterKit", "AdapterProtocol"],
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
                "CivilTime",
                "AdapterProtocol",
                "CLibXML2",
                "CSystemZlib",
                // Fitbit's CSV files, read by the same CSV package as the rest of the hub.
                .product(name: "CSV", package: "CSV.swift"),
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
                "TestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Test support: temporary folders, running a command without blocking the cooperative pool, waiting for a
        // condition.
        .target(
            name: "TestSupport",
            dependencies: ["Clinical", "HubCore"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),

        // MARK: End-to-end tests: the real hub and the real adapter executables.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestSupport",
                "AdapterProtocol",
                "AdapterHost",
                "CareEngine",
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubStore",
                "SampleData",
                "Simulator",
                "kidneyhub",
                "MeterSimulators",
                "UsbGlucometer",
                // Bluetooth (issue 5): the mocked-BlueZ harness and the BLE adapter executables.
                "BLETestHarness",
                "BLEScale",
                "BLEBloodPressureCuff",
                "BLEGlucose",
                "DBus",
                // Import adapters (issue 7), built so the tests can run them.
                "FitbitExportAdapter",
                "AppleHealthAdapter",
                "GarminFITAdapter",
                "Importers",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // A third-party Python adapter the tests install (issue 22), not a source of the target.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),

        // MARK: USB glucometers (issue 6): libusb-1.0 (Debian: libusb-1.0-0-dev), the HID report channel,
        // the FreeStyle and Contour protocols, simulated meters, and the usb-glucometer adapter.
        .systemLibrary(
            name: "CLibUSB",
            pkgConfig: "libusb-1.0",
            providers: [.apt(["libusb-1.0-0-dev"])]
        ),
        .target(
            name: "USBTransport",
            dependencies: ["CLibUSB"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "USBTransportTests",
            dependencies: ["USBTransport"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Glucometers",
            dependencies: [
                "AdapterProtocol",
                "USBTransport",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MeterSimulators",
            dependencies: ["USBTransport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GlucometersTests",
            dependencies: [
                "AdapterProtocol",
                "Glucometers",
                "MeterSimulators",
                "TestSupport",
                "USBTransport",
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "UsbGlucometer",
            dependencies: [
                "AdapterKit",
                "AdapterProtocol",
                "Glucometers",
                "USBTransport",
            ],
            path: "Plugins/usb-glucometer",
            exclude: ["adapter.json", "README.md", "udev"],
            swiftSettings: swiftSettings
        ),

        // MARK: Bluetooth (issue 5): GATT decoders, a libdbus-1 client, BlueZ over it, the BLE adapters.
        .target(
            name: "GATTProfiles",
            dependencies: ["CivilTime"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GATTProfilesTests",
            dependencies: ["GATTProfiles"],
            swiftSettings: swiftSettings
        ),
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        .target(
            name: "DBus",
            dependencies: ["CDBus"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BlueZ",
            dependencies: ["DBus"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLEAdapters",
            dependencies: ["AdapterKit", "AdapterProtocol", "BlueZ", "DBus", "GATTProfiles"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BLEScale",
            dependencies: ["AdapterKit", "BLEAdapters"],
            path: "Plugins/ble-scale",
            exclude: ["adapter.json"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BLEBloodPressureCuff",
            dependencies: ["AdapterKit", "BLEAdapters"],
            path: "Plugins/ble-bp-cuff",
            exclude: ["adapter.json"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BLEGlucose",
            dependencies: ["AdapterKit", "BLEAdapters"],
            path: "Plugins/ble-glucose",
            exclude: ["adapter.json"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BLETestHarness",
            dependencies: ["DBus", "TestSupport"],
            path: "Tests/BLETestHarness",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BlueZTests",
            dependencies: ["BlueZ", "BLETestHarness", "DBus", "GATTProfiles"],
            swiftSettings: swiftSettings
        ),

        // MARK: CareServerStore: the care-team server's PostgreSQL store (PostgresNIO): versioned migrations applied at
        // start, every read and write a method, every write a transaction. The only module of the server with SQL.
        .target(
            name: "CareServerStore",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: CareServer: the care-team server as a library type (Hummingbird 2) run under swift-service-lifecycle:
        // the anchor's REST API, roles and the one access check, tokens, bcrypt, sign-in rate limits, the audit log.
        .target(
            name: "CareServer",
            dependencies: [
                // Clinicians' orders (MedicationRequest) are validated by the hub's own reader and rules, so that
                // the server accepts exactly the Timing subset the hub's medications accept (no package: no cost).
                "Care",
                "CareServerStore",
                // RFC 3339 times of the resources a hub pushes (HubCore depends on no package).
                "HubCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CareServerTests",
            dependencies: [
                // The clinician portal's flags and routes (issue 20 item 8), against the same throwaway cluster.
                "CarePortal",
                "CareServer",
                "CareServerStore",
                // The hub's side of the sync, end to end against the server (issue 20 item 7), in process and as the
                // `kidneyhub` command the kill test runs; the daemon's periodic push; the kinds it pushes (Care's
                // medication orders, HubCore's times); an empty adapter catalog for the daemon.
                "AdapterHost",
                "Care",
                "Clinical",
                "HubCore",
                "HubDaemon",
                "HubServices",
                "kidneyhub",
                "TestSupport",
                // The year-long drill: a generated year of a patient written into a hub store.
                "HubRecords",
                "HubStore",
                "Reports",
                "SampleData",
                // Setting a hub's questionnaire cursor back, as a hub killed before it moved (already built: no cost).
                .product(name: "GRDB", package: "GRDB.swift"),
                // The round-robin balancer in front of two servers (already built for the hub: no build cost).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: CarePortal: the clinician portal under /portal/ (issue 20 item 8): server-rendered pages with the
        // hub's SVG charts, the patient list's flags (one pure function), staff sessions through the server's gate.
        // No new package: everything it links is already built for the server and the hub.
        .target(
            name: "CarePortal",
            dependencies: [
                "Care",
                "CareServer",
                "CareServerStore",
                "Charts",
                "CivilTime",
                "Clinical",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: kidneyhub-server: the care-team server's executable: options and environment, then CareServer.
        .executableTarget(
            name: "KidneyHubServer",
            dependencies: [
                "CarePortal",
                "CareServer",
                "CareServerStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Benchmarks: an executable, run by hand; figures go to docs/benchmarks.md.
        .executableTarget(
            name: "KidneyHubBenchmarks",
            dependencies: [
                "AdapterProtocol",
                "FoodData",
                "Glucometers",
                "MeterSimulators",
                "USBTransport",
                "AdapterHost",
                "CareEngine",
                "Care",
                "Clinical",
                "HubCore",
                "HubRecords",
                "HubStore",
                "Reports",
                "SampleData",
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
