import AdapterProtocol
import BlueZ
import GATTProfiles

/// Weight Scale Service 0x181D scales (research devices.md §1.2–1.3, §3.1): weights by indication of 0x2A9D, body fat
/// from Body Composition 0x2A9C when present. A scale with the User Data Service 0x181C (Beurer/Sanitas style) only
/// sends a user's readings after that user's consent on the User Control Point 0x2A9F, so pairing registers a user
/// and keeps the index and consent code; a scale with a writable Date Time 0x2A08 (A&D UC-352BLE) gets its clock set,
/// which starts the transfer.
public struct WeightScaleProfile: BLEProfile {
    public init() {}

    public var info: AdapterInfo { AdapterInfo(id: "ble-scale", name: "Bluetooth weight scale", version: "0.1.0") }
    public var kinds: [String] { ["body_weight", "body_fat"] }
    public var requiredCharacteristics: [(uuid: String, name: String)] {
        [(GATTUUID.weightMeasurement, "Weight Measurement 0x2A9D")]
    }
    public var serviceUUIDs: [String] { [GATTUUID.weightScaleService, GATTUUID.bodyCompositionService] }

    static let idle = Duration.seconds(10)

    public func afterPairing(_ link: GATTLink, state: AdapterStateFile) throws(BLEFailure) {
        guard let controlPoint = link.characteristic(GATTUUID.userControlPoint) else { return }
        if state.registration(for: link.device.address) != nil { return }
        // The consent code is ours to choose, 0–9999 (UDS v1.0 §4.2; openScale uses the same range).
        let consentCode = UInt16.random(in: 0...9999)
        try link.startNotify(controlPoint)
        try link.write(controlPoint, UserControlPoint.registerNewUser(consentCode: consentCode))
        let response = try awaitControlPointResponse(link, request: 0x01)
        guard response.result == .success, let index = response.registeredUserIndex else {
            throw BLEFailure(
                .pairingFailed,
                "the scale refused a new user (result 0x\(String(response.rawResult, radix: 16))): its user slots may be full"
            )
        }
        do {
            try state.save(.init(userIndex: Int(index), consentCode: Int(consentCode)), for: link.device.address)
        } catch {
            throw BLEFailure(.requestFailed, "could not remember the scale's user registration: \(error)")
        }
    }

    public func collect(
        _ link: GATTLink,
        cursor: String?,
        state: AdapterStateFile,
        progress: @Sendable (String) -> Void
    ) throws(BLEFailure) -> CollectedRecords {
        let weight = try link.required(GATTUUID.weightMeasurement, "Weight Measurement 0x2A9D")
        var collected = CollectedRecords()
        var feature: WeightScaleFeature?
        if let featureCharacteristic = link.characteristic(GATTUUID.weightScaleFeature) {
            let bytes = try link.read(featureCharacteristic)
            do {
                feature = try WeightScaleFeature(bytes: bytes)
            } catch {
                collected.problems.append("skipped a malformed value: \(error)")
            }
        }
        try link.startNotify(weight)
        if let body = link.characteristic(GATTUUID.bodyCompositionMeasurement) { try link.startNotify(body) }
        var consentedUser: Int?
        if let controlPoint = link.characteristic(GATTUUID.userControlPoint) {
            guard let registration = state.registration(for: link.device.address) else {
                throw BLEFailure(
                    .pairingFailed,
                    "\(link.device.address) keeps readings per user: pair it first (`kidneyhub devices pair \(link.device.address)`)"
                )
            }
            try link.startNotify(controlPoint)
            if let currentTime = link.characteristic(GATTUUID.currentTime), currentTime.flags.contains("write") {
                // Current Time 0x2A2B: Date Time + day of week + fractions256 + adjust reason (devices.md §1.1).
                let now = link.currentDateTime()
                try link.write(currentTime, now.bytes + [0, 0, 0])
            }
            try link.write(
                controlPoint,
                UserControlPoint.consent(
                    userIndex: UInt8(registration.userIndex),
                    consentCode: UInt16(registration.consentCode)
                )
            )
            let response = try awaitControlPointResponse(link, request: 0x02)
            guard response.result == .success else {
                throw BLEFailure(
                    .pairingFailed,
                    "the scale refused our consent for user \(registration.userIndex) (result 0x\(String(response.rawResult, radix: 16))): pair it again"
                )
            }
            consentedUser = registration.userIndex
        } else if let clock = link.characteristic(GATTUUID.dateTime), clock.flags.contains("write") {
            try link.write(clock, link.currentDateTime().bytes)
        }
        var timeCursor = TimeCursor(cursor)
        // Body composition values are judged against what earlier syncs sent: a scale may send all its weights
        // before their body composition values, by which time the weights have moved `timeCursor` past them.
        let syncedBefore = timeCursor
        loop: while true {
            switch try link.next(idle: Self.idle) {
            case .disconnected, .idle:
                break loop
            case .value(GATTUUID.weightMeasurement, let bytes):
                RecordMapping.weight(
                    bytes,
                    feature: feature,
                    user: consentedUser,
                    link: link,
                    cursor: &timeCursor,
                    into: &collected
                )
            case .value(GATTUUID.bodyCompositionMeasurement, let bytes):
                RecordMapping.bodyFat(bytes, user: consentedUser, link: link, cursor: syncedBefore, into: &collected)
            case .value:
                continue
            }
        }
        collected.cursor = timeCursor.encoded
        return collected
    }

    private func awaitControlPointResponse(_ link: GATTLink, request: UInt8) throws(BLEFailure)
        -> UserControlPoint.Response
    {
        while true {
            switch try link.next(idle: .seconds(10)) {
            case .value(GATTUUID.userControlPoint, let bytes):
                do {
                    let response = try UserControlPoint.Response(bytes: bytes)
                    if response.requestOpCode == request { return response }
                } catch {
                    throw BLEFailure(.requestFailed, "malformed User Control Point answer: \(error)")
                }
            case .value:
                continue
            case .disconnected:
                throw BLEFailure(
                    .deviceDisconnected,
                    "the scale dropped the link before answering the User Control Point",
                    retryable: true
                )
            case .idle:
                throw BLEFailure(
                    .deviceDisconnected,
                    "the scale did not answer the User Control Point",
                    retryable: true
                )
            }
        }
    }
}
