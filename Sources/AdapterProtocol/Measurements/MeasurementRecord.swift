/// One reading as an adapter sends it (adapter-protocol.md §5.2).
///
/// Decoding is lenient field by field: a field of the wrong JSON type decodes as nil and its
/// name goes to `malformedFields`, so the hub can refuse the batch naming the record and the field
/// instead of failing the whole message with a parse error.
public struct MeasurementRecord: Codable, Sendable, Hashable {
    public var sourceRecordId: String?
    public var kind: String?
    public var value: Double?
    public var components: [String: Double]?
    /// A UCUM code.
    public var unit: String?
    /// RFC 3339 with an offset.
    public var effectiveTime: String?
    public var effectivePeriod: TimePeriod?
    public var context: MeasurementContext?
    /// Overrides the batch's device for this record.
    public var device: DeviceIdentity?
    /// Fields that were present with the wrong JSON type; never encoded.
    public var malformedFields: [String] = []
    /// Of `malformedFields`, those that held a JSON number a Double cannot hold (1e400); never encoded.
    public var unrepresentableNumbers: [String] = []

    public init(
        sourceRecordId: String,
        kind: String,
        value: Double? = nil,
        components: [String: Double]? = nil,
        unit: String,
        effectiveTime: String? = nil,
        effectivePeriod: TimePeriod? = nil,
        context: MeasurementContext? = nil,
        device: DeviceIdentity? = nil
    ) {
        self.sourceRecordId = sourceRecordId
        self.kind = kind
        self.value = value
        self.components = components
        self.unit = unit
        self.effectiveTime = effectiveTime
        self.effectivePeriod = effectivePeriod
        self.context = context
        self.device = device
    }

    private enum CodingKeys: String, CodingKey {
        case sourceRecordId, kind, value, components, unit, effectiveTime, effectivePeriod, context, device
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var malformed: [String] = []
        func field<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            container.lenientDecode(type, forKey: key, malformed: &malformed)
        }
        sourceRecordId = field(String.self, .sourceRecordId)
        kind = field(String.self, .kind)
        value = field(Double.self, .value)
        components = field([String: Double].self, .components)
        // A number out of a Double's range (1e400) is malformed too, but its reason is the number, not its type.
        for key in [CodingKeys.value, .components] where malformed.contains(key.stringValue) {
            if container.holdsUnrepresentableNumber(forKey: key) { unrepresentableNumbers.append(key.stringValue) }
        }
        unit = field(String.self, .unit)
        effectiveTime = field(String.self, .effectiveTime)
        effectivePeriod = field(TimePeriod.self, .effectivePeriod)
        context = field(MeasurementContext.self, .context)
        device = field(DeviceIdentity.self, .device)
        if let nested = context?.malformedFields {
            malformed += nested.map { "context.\($0)" }
        }
        malformedFields = malformed
    }
}

/// A time frame: both ends RFC 3339 with offsets.
public struct TimePeriod: Codable, Sendable, Hashable {
    public var start: String
    public var end: String
    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }
}

/// Optional circumstances of a reading (adapter-protocol.md §5.2); values are checked by the hub.
public struct MeasurementContext: Codable, Sendable, Hashable {
    public var mealRelation: String?
    public var bodyPosition: String?
    public var measurementStatus: [String]?
    public var userIndex: Int?
    public var dialysisPhase: String?
    public var sampleSite: String?
    /// Fields that were present with the wrong JSON type; never encoded.
    public var malformedFields: [String] = []

    public init(
        mealRelation: String? = nil,
        bodyPosition: String? = nil,
        measurementStatus: [String]? = nil,
        userIndex: Int? = nil,
        dialysisPhase: String? = nil,
        sampleSite: String? = nil
    ) {
        self.mealRelation = mealRelation
        self.bodyPosition = bodyPosition
        self.measurementStatus = measurementStatus
        self.userIndex = userIndex
        self.dialysisPhase = dialysisPhase
        self.sampleSite = sampleSite
    }

    private enum CodingKeys: String, CodingKey {
        case mealRelation, bodyPosition, measurementStatus, userIndex, dialysisPhase, sampleSite
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var malformed: [String] = []
        func field<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            container.lenientDecode(type, forKey: key, malformed: &malformed)
        }
        mealRelation = field(String.self, .mealRelation)
        bodyPosition = field(String.self, .bodyPosition)
        measurementStatus = field([String].self, .measurementStatus)
        userIndex = field(Int.self, .userIndex)
        dialysisPhase = field(String.self, .dialysisPhase)
        sampleSite = field(String.self, .sampleSite)
        malformedFields = malformed
    }
}

/// Which device a batch (or a record) came from.
public struct DeviceIdentity: Codable, Sendable, Hashable {
    /// The adapter's stable id for the device.
    public var deviceId: String
    public var manufacturer: String?
    public var model: String?
    public var serial: String?

    public init(deviceId: String, manufacturer: String? = nil, model: String? = nil, serial: String? = nil) {
        self.deviceId = deviceId
        self.manufacturer = manufacturer
        self.model = model
        self.serial = serial
    }
}

extension KeyedDecodingContainer {
    /// True when the member is a JSON number (or an object of them) that a Double cannot hold. Foundation's decoder
    /// reports a value of another JSON type as a type mismatch, and such a number otherwise (an error of its own,
    /// `numberIsNotRepresentableInSwift`, or corrupted data, by version): anything but a type error is the number.
    fileprivate func holdsUnrepresentableNumber(forKey key: Key) -> Bool {
        let attempts: [() throws -> Void] = [
            { _ = try self.decode(Double.self, forKey: key) },
            { _ = try self.decode([String: Double].self, forKey: key) },
        ]
        return attempts.contains { attempt in
            do {
                try attempt()
                return false
            } catch DecodingError.typeMismatch, DecodingError.valueNotFound, DecodingError.keyNotFound {
                return false
            } catch {
                return true
            }
        }
    }

    /// The value at `key`; nil when absent or null, and also nil when of the wrong type, in which
    /// case the key's name is added to `malformed`.
    fileprivate func lenientDecode<T: Decodable>(_ type: T.Type, forKey key: Key, malformed: inout [String]) -> T? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch {
            malformed.append(key.stringValue)
            return nil
        }
    }
}
