import DBus
import Foundation
import TestSupport

/// A private system-like `dbus-daemon` in a temporary directory with our mocked `org.bluez` on it
/// (`Tests/ble-sim/bluez_health.py`, a python-dbusmock template; research devices.md §2.6, §7.1). Point a client at
/// it with `environment` (`DBUS_SYSTEM_BUS_ADDRESS`). Needs no root, no radio and not the real system bus.
public final class PrivateBluetoothBus: Sendable {
    public let directory: String
    public let address: String
    private let daemon: Process
    private let mock: Process
    private let worker = DBusWorker(label: "kidneyhub.test.bluez-control")
    private let control: DBusConnection

    /// The python-dbusmock template, in the source checkout.
    public static let template: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ble-sim/bluez_health.py").path
    }()

    /// Debian's Python, which has python3-dbus, python3-gi and python3-dbusmock (a pyenv `python3` has not).
    public static let python = "/usr/bin/python3"

    private init(directory: String, address: String, daemon: Process, mock: Process, control: DBusConnection) {
        self.directory = directory
        self.address = address
        self.daemon = daemon
        self.mock = mock
        self.control = control
    }

    /// The environment a client needs to use this bus as its system bus.
    public var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": address] }

    /// Starts the daemon and the mock, and adds the controller `hci0`.
    public static func start() async throws -> PrivateBluetoothBus {
        let directory = NSTemporaryDirectory() + "kidneyhub-bluez-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let socket = "\(directory)/system_bus_socket"
        let address = "unix:path=\(socket)"
        // A system-bus-like configuration for one user: everything allowed, nothing shared with the real bus.
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_destination="*"/>
                <allow receive_sender="*"/>
              </policy>
            </busconfig>
            """
        try config.write(toFile: "\(directory)/bus.conf", atomically: true, encoding: .utf8)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(directory)/bus.conf", "--nofork", "--nopidfile"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try ProcessLauncher.run(daemon)
        // The socket file appears before the daemon accepts on it: the wait is over when a connection succeeds.
        let worker = DBusWorker(label: "kidneyhub.test.bluez-start")
        var connection: DBusConnection?
        do {
            try await eventually("the private dbus-daemon to accept a connection at \(address)", within: .seconds(20)) {
                connection = try? await worker.run { try DBusConnection.connect(address: address) }
                return connection != nil
            }
        } catch {
            kill(daemon.processIdentifier, SIGKILL)
            throw error
        }
        guard let control = connection else { throw HarnessError("unreachable") }
        // The mock connects only now that the daemon answers.
        let mock = Process()
        mock.executableURL = URL(fileURLWithPath: python)
        mock.arguments = ["-m", "dbusmock", "--system", "-t", template, "-l", "\(directory)/mock.log"]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
        mock.environment = environment
        mock.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: "\(directory)/mock.stderr", contents: nil)
        mock.standardError = FileHandle(forWritingAtPath: "\(directory)/mock.stderr")
        do {
            try ProcessLauncher.run(mock)
        } catch {
            control.close()
            kill(daemon.processIdentifier, SIGKILL)
            throw error
        }

        let bus = PrivateBluetoothBus(
            directory: directory,
            address: address,
            daemon: daemon,
            mock: mock,
            control: control
        )
        do {
            try await eventually("org.bluez on the private bus", within: .seconds(20)) {
                guard mock.isRunning else { return true }
                return (try? await bus.hasOwner("org.bluez")) == true
            }
            guard mock.isRunning else {
                let log = (try? String(contentsOfFile: "\(directory)/mock.stderr", encoding: .utf8)) ?? ""
                throw HarnessError("python3 -m dbusmock exited: \(log)")
            }
            _ = try await bus.mockCall("AddAdapter", [.string("hci0"), .string("kidneyhub-test")])
        } catch {
            bus.stop()
            throw error
        }
        return bus
    }

    /// Adds an advertising simulated device (`kind` as the template lists them); returns its object path.
    @discardableResult
    public func addDevice(kind: String, address: String, name: String, options: [String: DBusValue] = [:])
        async throws -> String
    {
        let reply = try await mockCall(
            "AddSimDevice",
            [.string(kind), .string(address), .string(name), .properties(options)]
        )
        return reply.first?.stringValue ?? ""
    }

    /// Stores more records on a simulated device.
    public func addRecords(device path: String, _ records: [[UInt8]]) async throws {
        _ = try await mockCall("SimAddRecords", [.objectPath(path), .array(element: "ay", records.map { .bytes($0) })])
    }

    /// What a simulated device saw (connections, records sent, the clock written).
    public func state(device path: String) async throws -> [String: DBusValue] {
        try await mockCall("SimState", [.objectPath(path)]).first?.stringKeyedEntries ?? [:]
    }

    /// Bytes as an `aay` option.
    public static func records(_ records: [[UInt8]]) -> DBusValue { .array(element: "ay", records.map { .bytes($0) }) }

    /// The mock's log of every method call, for failure messages.
    public var mockLog: String { (try? String(contentsOfFile: "\(directory)/mock.log", encoding: .utf8)) ?? "" }

    /// Stops the mock and the daemon and removes the directory.
    public func stop() {
        control.close()
        // Neither keeps state worth a clean exit, and neither reliably exits on SIGTERM: SIGKILL, without waiting
        // (Foundation's `Process` reaps them), so a test's teardown never holds a cooperative thread.
        for process in [mock, daemon] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    fileprivate func mockCall(_ member: String, _ arguments: [DBusValue]) async throws -> [DBusValue] {
        let control = control
        return try await worker.run {
            try control.call(
                destination: "org.bluez",
                path: "/",
                interface: "org.bluez.Mock",
                member: member,
                arguments: arguments
            )
        }
    }

    private func hasOwner(_ name: String) async throws -> Bool {
        let control = control
        return try await worker.run {
            try control.call(
                destination: "org.freedesktop.DBus",
                path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus",
                member: "NameHasOwner",
                arguments: [.string(name)]
            ).first?.boolValue == true
        }
    }
}

/// A harness set-up failure.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension PrivateBluetoothBus {
    /// The object path BlueZ gives a device address on `hci0` (bluez `doc/org.bluez.Device.rst`).
    public func devicePath(_ address: String) async throws -> String? {
        "/org/bluez/hci0/dev_" + address.uppercased().replacingOccurrences(of: ":", with: "_")
    }
}

extension PrivateBluetoothBus {
    /// Takes a simulated device out of range (it stops advertising) or brings it back.
    public func setInRange(device path: String, _ inRange: Bool) async throws {
        _ = try await mockCall("SimSetInRange", [.objectPath(path), .boolean(inRange)])
    }
}
