import AdapterHost
import AdapterProtocol
import ArgumentParser
import Foundation
import HubRecords
import HubServices

/// `kidneyhub devices scan|pair|sync|list`.
struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find, pair and sync devices through their adapters.",
        subcommands: [Scan.self, Pair.self, Sync.self, List.self, Assign.self]
    )

    struct Scan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List nearby supported devices.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var search: AdapterOptions
        @Option(help: "How long to look, 0.1 to 600 seconds.") var seconds: Double = 5
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            guard (0.1...600).contains(seconds) else { throw ValidationError("--seconds must be 0.1 to 600") }
        }

        func run() async throws {
            bootstrapLogging()
            let found = try await store.openForWriting().devices(search.setup()).scan(seconds: seconds)
            let (devices, problems) = (found.devices, found.problems)
            if json {
                try printJSON(devices)
            } else {
                printTable(
                    ["DEVICE", "NAME", "KINDS", "RSSI", "ADAPTER"],
                    devices.map {
                        [
                            $0.device.deviceId, $0.device.name, $0.device.kinds.joined(separator: ","),
                            $0.device.rssi.map { "\($0) dBm" } ?? "-", $0.adapterId,
                        ]
                    }
                )
            }
            for problem in problems { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
        }
    }

    struct Pair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pair a device and remember it.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var search: AdapterOptions
        @Argument(help: "The device id (as `devices scan` lists it).") var id: String
        @Option(help: "The adapter that handles it (found by a scan when omitted).") var adapter: String?
        @Option(help: "The passkey, for devices that ask for one.") var passkey: String?

        func run() async throws {
            bootstrapLogging()
            var passkey = passkey
            while true {
                do {
                    let device = try await pair(passkey: passkey)
                    print("paired \(device.name) (\(device.deviceId))")
                    return
                } catch let error as RPCError
                    where error.code == .pairingFailed && error.data["needsPasskey"]?.boolValue == true
                {
                    // The device showed a passkey (adapter-protocol.md §4, -32005 needsPasskey): ask for it once.
                    guard passkey == nil, isatty(STDIN_FILENO) == 1 else {
                        throw CommandFailure(
                            "pairing \(id) failed: \(error.message)"
                                + "\nThe device asks for the passkey it shows: run again with --passkey NNNNNN"
                        )
                    }
                    FileHandle.standardError.write(Data("Passkey shown on \(id): ".utf8))
                    passkey = await readLineOffThePool()?.trimmingCharacters(in: .whitespaces)
                    guard passkey?.isEmpty == false else { throw CommandFailure("no passkey given: \(id) not paired") }
                } catch let error as RPCError where error.code == .pairingFailed || error.code == .unsupportedDevice {
                    throw CommandFailure("pairing \(id) failed: \(error.message)")
                }
            }
        }

        private func pair(passkey: String?) async throws -> DeviceDescriptor {
            try await store.openForWriting().devices(search.setup()).pair(
                deviceId: id,
                adapterId: adapter,
                passkey: passkey
            )
        }
    }

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Read a device's new records into the store.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var search: AdapterOptions
        @Argument(help: "The device id.") var id: String
        @Option(help: "The adapter that handles it (the one it last synced with, else found by a scan).")
        var adapter: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            bootstrapLogging()
            let report = try await store.openForWriting().devices(search.setup(onActivity: printAdapterWarnings))
                .sync(deviceId: id, adapterId: adapter)
            if json {
                try printJSON(report)
            } else {
                print(
                    "synced \(report.deviceId) via \(report.adapterId): \(report.stored) new, \(report.duplicates) already stored"
                        + (report.resumptions > 0
                            ? ", resumed \(report.resumptions) time(s) after adapter failures" : "")
                )
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the devices the store knows.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let devices = try await store.openForReading().knownDevices()
            if json {
                try printJSON(devices.map(\.identity))
                return
            }
            printTable(
                ["DEVICE", "ADAPTER", "MANUFACTURER", "MODEL", "SERIAL", "LAST SEEN"],
                devices.map {
                    [
                        $0.identity.deviceId, $0.identity.adapterId, $0.identity.manufacturer ?? "-",
                        $0.identity.model ?? "-",
                        $0.identity.serial ?? "-", formatInstant($0.lastSeenAtMs),
                    ]
                }
            )
        }
    }
}

/// A line from stdin, read on a thread of its own so the cooperative pool is never blocked.
func readLineOffThePool() async -> String? {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: readLine()) }
    }
}

/// Shows an adapter's warnings (skipped malformed values with their bytes, dropped links) on stderr as they come.
@Sendable func printAdapterWarnings(_ adapterId: String, _ activity: AdapterActivity) {
    guard case .log(let log) = activity, log.level >= .warning else { return }
    FileHandle.standardError.write(Data("\(log.level.rawValue): \(adapterId): \(log.message)\n".utf8))
}

/// An epoch-millisecond instant in UTC, for listings.
func formatInstant(_ milliseconds: Int64) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
}
