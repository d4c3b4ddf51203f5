import AdapterProtocol
import BlueZ
import GATTProfiles

/// Blood Pressure Service 0x1810 cuffs (research devices.md §1.4, §3.2): indications of 0x2A35 after the host wrote
/// the cuff's clock 0x2A08 where it has a writable one (A&D UA-651BLE), every unsent record, then the cuff drops the
/// link. Intermediate Cuff Pressure 0x2A36 is reported as progress.
public struct BloodPressureProfile: BLEProfile {
    public init() {}

    public var info: AdapterInfo {
        AdapterInfo(id: "ble-bp-cuff", name: "Bluetooth blood-pressure cuff", version: "0.1.0")
    }
    public var kinds: [String] { ["blood_pressure", "heart_rate"] }
    public var requiredCharacteristics: [(uuid: String, name: String)] {
        [(GATTUUID.bloodPressureMeasurement, "Blood Pressure Measurement 0x2A35")]
    }
    public var serviceUUIDs: [String] { [GATTUUID.bloodPressureService] }

    /// How long the cuff may stay silent before we consider the transfer over.
    static let idle = Duration.seconds(10)

    public func collect(
        _ link: GATTLink,
        cursor: String?,
        state: AdapterStateFile,
        progress: @Sendable (String) -> Void
    ) throws(BLEFailure) -> CollectedRecords {
        let measurement = try link.required(GATTUUID.bloodPressureMeasurement, "Blood Pressure Measurement 0x2A35")
        try link.startNotify(measurement)
        if let cuffPressure = link.characteristic(GATTUUID.intermediateCuffPressure) {
            try link.startNotify(cuffPressure)
        }
        // A&D: the clock write is what starts the transfer of stored records (obniz UA651BLE; blessed-bluez).
        if let clock = link.characteristic(GATTUUID.dateTime), clock.flags.contains("write") {
            try link.write(clock, link.currentDateTime().bytes)
        }
        var timeCursor = TimeCursor(cursor)
        var collected = CollectedRecords()
        loop: while true {
            switch try link.next(idle: Self.idle) {
            case .disconnected, .idle:
                break loop
            case .value(GATTUUID.intermediateCuffPressure, let bytes):
                if let cuff = try? BloodPressureMeasurement(
                    bytes: bytes,
                    characteristic: BloodPressureMeasurement.intermediateCharacteristic
                ),
                    let pressure = cuff.systolic.value
                {
                    progress(
                        "cuff pressure \(RecordMapping.format(pressure)) \(cuff.unit == .kilopascal ? "kPa" : "mmHg")"
                    )
                }
            case .value(GATTUUID.bloodPressureMeasurement, let bytes):
                RecordMapping.bloodPressure(bytes, link: link, cursor: &timeCursor, into: &collected)
            case .value:
                continue
            }
        }
        collected.cursor = timeCursor.encoded
        return collected
    }
}
