import DBus

/// A GATT client of BlueZ over its D-Bus API (`org.bluez` on the system bus; research devices.md §2.2): discovery
/// with a service-UUID filter, connect, pair and trust, characteristics, reads, writes and notifications.
///
/// Blocking: every method waits on the bus, so a client lives on one `DBusWorker` queue with its connection.
public final class BlueZClient: @unchecked Sendable {
    // @unchecked: like its `DBusConnection`, a client is used only from the one worker queue that owns it.
    public let bus: DBusConnection

    /// Subscribes to BlueZ's object and property signals *before* anything is read, so nothing is missed between a
    /// GetManagedObjects and the first signal (bleak `manager.py`).
    public init(bus: DBusConnection) throws(BlueZError) {
        self.bus = bus
        do {
            try bus.addMatch(
                "type='signal',sender='\(BlueZNames.service)',interface='\(BlueZNames.objectManager)'"
            )
            try bus.addMatch(
                "type='signal',sender='\(BlueZNames.service)',interface='\(BlueZNames.properties)',member='PropertiesChanged',path_namespace='/org/bluez'"
            )
        } catch {
            throw BlueZError(.noController, "cannot watch BlueZ on the system bus: \(error)")
        }
    }

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` honoured) and subscribes.
    public static func onSystemBus() throws(BlueZError) -> BlueZClient {
        let bus: DBusConnection
        do {
            bus = try DBusConnection.systemBus()
        } catch {
            throw BlueZError(.noController, "cannot reach the system D-Bus: \(error)")
        }
        return try BlueZClient(bus: bus)
    }

    // MARK: Objects

    /// Every BlueZ object with its interfaces and properties (ObjectManager.GetManagedObjects).
    public func managedObjects() throws(BlueZError) -> [String: [String: [String: DBusValue]]] {
        let reply = try call("/", BlueZNames.objectManager, "GetManagedObjects")
        var objects: [String: [String: [String: DBusValue]]] = [:]
        for entry in reply.first?.dictionaryEntries ?? [] {
            guard let path = entry.key.stringValue else { continue }
            var interfaces: [String: [String: DBusValue]] = [:]
            for (name, properties) in entry.value.stringKeyedEntries ?? [:] {
                interfaces[name] = properties.stringKeyedEntries ?? [:]
            }
            objects[path] = interfaces
        }
        return objects
    }

    /// The first Bluetooth controller (Adapter1).
    public func adapterPath() throws(BlueZError) -> String {
        let objects = try managedObjects()
        guard let path = objects.keys.sorted().first(where: { objects[$0]?[BlueZNames.adapter] != nil }) else {
            throw BlueZError(.noController, "no Bluetooth adapter: BlueZ lists no org.bluez.Adapter1")
        }
        return path
    }

    /// Every device BlueZ knows.
    public func devices() throws(BlueZError) -> [BlueZDevice] {
        try managedObjects().compactMap { path, interfaces in
            interfaces[BlueZNames.device].flatMap { BlueZDevice(path: path, properties: $0) }
        }.sorted { $0.address < $1.address }
    }

    /// The device with this address, if BlueZ knows it.
    public func device(address: String) throws(BlueZError) -> BlueZDevice? {
        try devices().first { $0.address.caseInsensitiveCompare(address) }
    }

    /// The characteristics under a (connected, resolved) device.
    public func characteristics(of device: BlueZDevice) throws(BlueZError) -> [BlueZCharacteristic] {
        try managedObjects().compactMap { path, interfaces -> BlueZCharacteristic? in
            guard path.hasPrefix(device.path + "/"), let properties = interfaces[BlueZNames.gattCharacteristic],
                let uuid = properties["UUID"]?.stringValue
            else { return nil }
            return BlueZCharacteristic(
                path: path,
                uuid: uuid.lowercased(),
                service: properties["Service"]?.stringValue ?? "",
                flags: properties["Flags"]?.stringArray ?? []
            )
        }.sorted { $0.path < $1.path }
    }

    // MARK: Discovery

    /// Looks for LE devices advertising any of `serviceUUIDs` for `duration`, calling `found` for each new one (and
    /// for those BlueZ already knows that match), and returns them. Filters of several clients are OR-merged by
    /// BlueZ, so each device is checked here again.
    public func discover(
        serviceUUIDs: [String],
        duration: Duration,
        found: (BlueZDevice) -> Void = { _ in }
    ) throws(BlueZError) -> [BlueZDevice] {
        let adapter = try adapterPath()
        let wanted = Set(serviceUUIDs.map { $0.lowercased() })
        func matches(_ device: BlueZDevice) -> Bool { wanted.isEmpty || !wanted.isDisjoint(with: device.uuids) }
        _ = try call(
            adapter,
            BlueZNames.adapter,
            "SetDiscoveryFilter",
            [
                .properties([
                    "UUIDs": .array(element: "s", serviceUUIDs.map { .string($0) }), "Transport": .string("le"),
                ])
            ]
        )
        try discardOldEvents()
        _ = try call(adapter, BlueZNames.adapter, "StartDiscovery")
        defer { _ = try? call(adapter, BlueZNames.adapter, "StopDiscovery") }
        var seen: [String: BlueZDevice] = [:]
        // Devices BlueZ already lists (paired ones stay listed out of range) count once they advertise.
        var listed: [String: BlueZDevice] = [:]
        for device in try devices() where matches(device) {
            if device.connected {
                seen[device.path] = device
                found(device)
            } else {
                listed[device.path] = device
            }
        }
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            guard let event = try nextEvent(timeout: deadline - ContinuousClock.now) else { break }
            switch event {
            case .interfacesAdded(let path, let interfaces):
                guard let properties = interfaces[BlueZNames.device],
                    let device = BlueZDevice(path: path, properties: properties), matches(device), seen[path] == nil
                else { continue }
                seen[path] = device
                found(device)
            case .deviceChanged(let path, let changed):
                if seen[path] != nil {
                    seen[path]?.apply(changed)
                } else if var device = listed[path], changed["RSSI"] != nil {
                    device.apply(changed)
                    seen[path] = device
                    found(device)
                }
            default:
                continue
            }
        }
        return seen.values.sorted { $0.address < $1.address }
    }

    /// The device with this address once it is seen advertising (discovering with the profile's filter for up to
    /// `timeout`), or at once when it is already connected. BlueZ keeps paired devices listed when they are out of
    /// range; an advertisement (a new device, or an `RSSI` update of a known one) is what says it is there now.
    public func findDevice(address: String, serviceUUIDs: [String], timeout: Duration) throws(BlueZError) -> BlueZDevice
    {
        let known = try device(address: address)
        if let known, known.connected { return known }
        let adapter = try adapterPath()
        _ = try call(
            adapter,
            BlueZNames.adapter,
            "SetDiscoveryFilter",
            [
                .properties([
                    "UUIDs": .array(element: "s", serviceUUIDs.map { .string($0) }), "Transport": .string("le"),
                ])
            ]
        )
        try discardOldEvents()
        _ = try call(adapter, BlueZNames.adapter, "StartDiscovery")
        defer { _ = try? call(adapter, BlueZNames.adapter, "StopDiscovery") }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let event = try nextEvent(timeout: deadline - ContinuousClock.now) else { break }
            switch event {
            case .interfacesAdded(let path, let interfaces):
                if let properties = interfaces[BlueZNames.device],
                    let device = BlueZDevice(path: path, properties: properties),
                    device.address.caseInsensitiveCompare(address)
                {
                    return device
                }
            case .deviceChanged(let path, let changed) where path == known?.path && changed["RSSI"] != nil:
                if let known { return try refreshed(known) }
            default:
                continue
            }
        }
        throw BlueZError(.deviceNotFound, "device \(address) is not in range (not seen advertising within \(timeout))")
    }

    // MARK: Connection and pairing

    /// Connects and waits until BlueZ has resolved the GATT services (`ServicesResolved`).
    public func connect(_ device: BlueZDevice, timeout: Duration = .seconds(20)) throws(BlueZError) -> BlueZDevice {
        var current = device
        do {
            _ = try bus.call(
                destination: BlueZNames.service,
                path: device.path,
                interface: BlueZNames.device,
                member: "Connect",
                timeout: timeout
            )
        } catch  where error.name == "org.bluez.Error.AlreadyConnected" {
            // bleak: BlueZ keeps devices connected after a client died; reuse the link.
        } catch {
            throw BlueZError(.disconnected, "cannot connect to \(device.address): \(error)")
        }
        current = try refreshed(current)
        let deadline = ContinuousClock.now + timeout
        while !current.servicesResolved {
            guard ContinuousClock.now < deadline else {
                throw BlueZError(.disconnected, "\(device.address): services not resolved within \(timeout)")
            }
            guard let event = try nextEvent(timeout: deadline - ContinuousClock.now) else { continue }
            if case .deviceChanged(let path, let changed) = event, path == device.path {
                current.apply(changed)
                if !current.connected {
                    throw BlueZError(.disconnected, "\(device.address) disconnected while connecting")
                }
            }
        }
        return current
    }

    /// Disconnects, ignoring "not connected".
    public func disconnect(_ device: BlueZDevice) {
        _ = try? call(device.path, BlueZNames.device, "Disconnect")
    }

    /// Pairs (bonds) and trusts a device, answering BlueZ's passkey request with `passkey` through an Agent1 of
    /// ours (research devices.md §2.3). A device already paired is only trusted.
    public func pair(_ device: BlueZDevice, passkey: UInt32?, timeout: Duration = .seconds(60)) throws(BlueZError)
        -> BlueZDevice
    {
        let agent = PasskeyAgent(passkey: passkey)
        if !device.paired {
            do {
                try agent.register(on: bus)
            } catch {
                throw BlueZError(.failed, "cannot register a pairing agent with BlueZ: \(error)")
            }
            defer { agent.unregister(from: bus) }
            do {
                _ = try bus.call(
                    destination: BlueZNames.service,
                    path: device.path,
                    interface: BlueZNames.device,
                    member: "Pair",
                    timeout: timeout
                )
            } catch  where error.name == "org.bluez.Error.AlreadyExists" {
                // paired meanwhile
            } catch {
                throw BlueZError.fromPair(error, askedForPasskey: agent.wasAskedForPasskey, hadPasskey: passkey != nil)
            }
        }
        // Trusted lets the device reconnect without asking again (bleak sets it too).
        do {
            _ = try bus.call(
                destination: BlueZNames.service,
                path: device.path,
                interface: BlueZNames.properties,
                member: "Set",
                arguments: [.string(BlueZNames.device), .string("Trusted"), .variant(.boolean(true))]
            )
        } catch {
            throw BlueZError(.failed, "paired \(device.address) but could not trust it: \(error)")
        }
        return try refreshed(device)
    }

    /// The device's current properties.
    public func refreshed(_ device: BlueZDevice) throws(BlueZError) -> BlueZDevice {
        let reply = try call(device.path, BlueZNames.properties, "GetAll", [.string(BlueZNames.device)])
        guard let properties = reply.first?.stringKeyedEntries,
            let updated = BlueZDevice(path: device.path, properties: properties)
        else {
            throw BlueZError(.deviceNotFound, "\(device.address) is gone from BlueZ")
        }
        return updated
    }

    // MARK: GATT

    public func readValue(_ characteristic: BlueZCharacteristic) throws(BlueZError) -> [UInt8] {
        let reply = try call(characteristic.path, BlueZNames.gattCharacteristic, "ReadValue", [.properties([:])])
        guard let bytes = reply.first?.byteArray else {
            throw BlueZError(.failed, "ReadValue on \(characteristic.path) returned no bytes")
        }
        return bytes
    }

    /// Writes with response ("request"), as control points need.
    public func writeValue(_ characteristic: BlueZCharacteristic, _ bytes: [UInt8]) throws(BlueZError) {
        _ = try call(
            characteristic.path,
            BlueZNames.gattCharacteristic,
            "WriteValue",
            [.bytes(bytes), .properties(["type": .string("request")])]
        )
    }

    /// Enables notifications or indications (BlueZ writes the CCCD; writing it directly is refused).
    public func startNotify(_ characteristic: BlueZCharacteristic) throws(BlueZError) {
        do {
            _ = try bus.call(
                destination: BlueZNames.service,
                path: characteristic.path,
                interface: BlueZNames.gattCharacteristic,
                member: "StartNotify"
            )
        } catch  where error.name == "org.bluez.Error.InProgress" {
            // already being enabled
        } catch {
            throw Self.classify(error, "StartNotify on \(characteristic.uuid)")
        }
    }

    // MARK: Events

    /// Forgets what BlueZ reported before now (an RSSI from an earlier discovery is not an advertisement now).
    private func discardOldEvents() throws(BlueZError) {
        do {
            try bus.discardReceivedSignals()
        } catch {
            throw BlueZError(.failed, "lost the system bus: \(error)")
        }
    }

    /// The next BlueZ event, waiting up to `timeout`; nil when none came.
    public func nextEvent(timeout: Duration) throws(BlueZError) -> BlueZEvent? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let signal: DBusMessage?
            do {
                signal = try bus.nextSignal(timeout: deadline - ContinuousClock.now)
            } catch {
                throw BlueZError(.failed, "lost the system bus: \(error)")
            }
            guard let signal else { return nil }
            if let event = Self.event(from: signal) { return event }
        }
        return nil
    }

    private static func event(from signal: DBusMessage) -> BlueZEvent? {
        guard let path = signal.path else { return nil }
        switch (signal.interface, signal.member) {
        case (BlueZNames.properties, "PropertiesChanged"):
            guard let interface = signal.arguments.first?.stringValue,
                let changed = signal.arguments.dropFirst().first?.stringKeyedEntries
            else { return nil }
            if interface == BlueZNames.gattCharacteristic, let bytes = changed["Value"]?.byteArray {
                return .value(characteristic: path, bytes: bytes)
            }
            if interface == BlueZNames.device { return .deviceChanged(path: path, changed: changed) }
            return nil
        case (BlueZNames.objectManager, "InterfacesAdded"):
            guard let object = signal.arguments.first?.stringValue,
                let interfaces = signal.arguments.dropFirst().first?.stringKeyedEntries
            else { return nil }
            return .interfacesAdded(path: object, interfaces: interfaces.mapValues { $0.stringKeyedEntries ?? [:] })
        default:
            return nil
        }
    }

    private func call(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [])
        throws(BlueZError) -> [DBusValue]
    {
        do {
            return try bus.call(
                destination: BlueZNames.service,
                path: path,
                interface: interface,
                member: member,
                arguments: arguments
            )
        } catch {
            throw Self.classify(error, "\(interface).\(member) on \(path)")
        }
    }

    private static func classify(_ error: DBusError, _ what: String) -> BlueZError {
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return BlueZError(.noController, "BlueZ (org.bluez) is not running on the system bus")
        case "org.bluez.Error.NotConnected", "org.freedesktop.DBus.Error.UnknownObject",
            "org.freedesktop.DBus.Error.UnknownMethod":
            return BlueZError(.disconnected, "\(what): the device is not connected (\(error))")
        default:
            return BlueZError(.failed, "\(what): \(error)")
        }
    }
}

extension String {
    fileprivate func caseInsensitiveCompare(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
