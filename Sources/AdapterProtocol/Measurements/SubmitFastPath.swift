/// Decoding and encoding of `measurements/submit`, the one message that carries bulk data,
/// without Codable: `JSONParser` in, a direct byte writer out. Both produce exactly what the
/// Codable path would (the tests compare them), only several times faster.
enum SubmitFastPath {
    private static let methodBytes = Array("\"measurements/submit\"".utf8)

    /// The decoded message when `line` is a well-formed `measurements/submit` request; nil sends
    /// the line down the Codable path, which also produces the precise error for a bad one.
    static func decode(_ line: [UInt8]) -> IncomingMessage? {
        guard line.count > methodBytes.count, contains(line, methodBytes),
            let envelope = try? JSONParser.parse(line), case .object = envelope,
            envelope["jsonrpc"] == .string("2.0"), envelope["method"] == .string(SubmitMeasurementsRequest.method),
            let id = envelope["id"].flatMap(RequestID.init(json:))
        else { return nil }
        switch SubmitMeasurementsRequest.fromJSON(envelope["params"] ?? .object([])) {
        case nil: return nil
        case .success(let request): return .request(id: id, request: request)
        case .failure(let problem):
            return .unservableRequest(
                id: id,
                method: SubmitMeasurementsRequest.method,
                error: RPCError(
                    .invalidParams,
                    "Invalid params for \(SubmitMeasurementsRequest.method): \(problem.reason)"
                )
            )
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { hay in
            guard let first = needle.first else { return true }
            var index = 0
            let last = hay.count - needle.count
            while index <= last {
                if hay[index] == first, needle.indices.allSatisfy({ hay[index + $0] == needle[$0] }) { return true }
                index += 1
            }
            return false
        }
    }

    /// The request line for a batch, as `MessageEncoder` would write it.
    static func encode(_ request: SubmitMeasurementsRequest, id: RequestID) -> [UInt8] {
        var writer = JSONWriter()
        writer.bytes.reserveCapacity(64 + request.records.count * 200)
        writer.literal("{\"jsonrpc\":\"2.0\",\"id\":")
        switch id {
        case .number(let number): writer.raw(String(number))
        case .string(let text): writer.string(text)
        }
        writer.literal(",\"method\":\"measurements/submit\",\"params\":{\"batchId\":")
        writer.string(request.batchId)
        if let device = request.device {
            writer.literal(",\"device\":")
            write(device, to: &writer)
        }
        if let cursor = request.cursor {
            writer.literal(",\"cursor\":")
            writer.string(cursor)
        }
        writer.literal(",\"records\":[")
        for (index, record) in request.records.enumerated() {
            if index > 0 { writer.literal(",") }
            write(record, to: &writer)
        }
        writer.literal("]}}\n")
        return writer.bytes
    }

    private static func write(_ record: MeasurementRecord, to writer: inout JSONWriter) {
        var object = writer.object()
        object.field("sourceRecordId", record.sourceRecordId, &writer)
        object.field("kind", record.kind, &writer)
        if let value = record.value {
            object.key("value", &writer)
            writer.number(value)
        }
        if let components = record.components {
            object.key("components", &writer)
            var inner = writer.object()
            for (name, value) in components.sorted(by: { $0.key < $1.key }) {
                inner.key(escaping: name, &writer)
                writer.number(value)
            }
            writer.literal("}")
        }
        object.field("unit", record.unit, &writer)
        object.field("effectiveTime", record.effectiveTime, &writer)
        if let period = record.effectivePeriod {
            object.key("effectivePeriod", &writer)
            var inner = writer.object()
            inner.field("start", period.start, &writer)
            inner.field("end", period.end, &writer)
            writer.literal("}")
        }
        if let context = record.context {
            object.key("context", &writer)
            var inner = writer.object()
            inner.field("mealRelation", context.mealRelation, &writer)
            inner.field("bodyPosition", context.bodyPosition, &writer)
            if let statuses = context.measurementStatus {
                inner.key("measurementStatus", &writer)
                writer.literal("[")
                for (index, status) in statuses.enumerated() {
                    if index > 0 { writer.literal(",") }
                    writer.string(status)
                }
                writer.literal("]")
            }
            if let user = context.userIndex {
                inner.key("userIndex", &writer)
                writer.raw(String(user))
            }
            inner.field("dialysisPhase", context.dialysisPhase, &writer)
            inner.field("sampleSite", context.sampleSite, &writer)
            writer.literal("}")
        }
        if let device = record.device {
            object.key("device", &writer)
            write(device, to: &writer)
        }
        writer.literal("}")
    }

    private static func write(_ device: DeviceIdentity, to writer: inout JSONWriter) {
        var object = writer.object()
        object.field("deviceId", device.deviceId, &writer)
        object.field("manufacturer", device.manufacturer, &writer)
        object.field("model", device.model, &writer)
        object.field("serial", device.serial, &writer)
        writer.literal("}")
    }
}

/// Appends compact JSON to a byte array.
struct JSONWriter {
    var bytes: [UInt8] = []

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func number(_ value: Double) {
        // JSON has no NaN or infinity; an adapter that produces one gets null, which the hub
        // refuses naming the field, instead of a line that is not JSON at all.
        guard value.isFinite else { return literal("null") }
        if value == 0, value.sign == .minus {
            // Int64 has no negative zero; "-0" reads back as -0.0, as JSONEncoder writes it.
            literal("-0")
        } else if value == value.rounded(), abs(value) <= 0x1p53 {
            // Up to 2^53 `description` would append ".0"; beyond it, it writes an exponent.
            raw(String(Int64(value)))
        } else {
            raw(value.description)
        }
    }

    /// Appends fixed ASCII text (punctuation, member names) without looking at it.
    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        var text = text
        // Native strings are contiguous; this makes a bridged one so too, so one pass over a
        // buffer decides whether the text needs escaping at all (it almost never does).
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                appendEscaped(utf8)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            default: bytes.append(byte)
            }
        }
    }

    /// Opens an object; its `field` and `key` calls add the commas.
    mutating func object() -> ObjectFields {
        literal("{")
        return ObjectFields()
    }

    struct ObjectFields {
        private var first = true

        /// `name` is a member name of the protocol: ASCII that needs no escaping.
        mutating func key(_ name: StaticString, _ writer: inout JSONWriter) {
            if !first { writer.literal(",") }
            first = false
            writer.literal("\"")
            writer.literal(name)
            writer.literal("\":")
        }

        /// A member name from data (a component's name), escaped as any string.
        mutating func key(escaping name: String, _ writer: inout JSONWriter) {
            if !first { writer.literal(",") }
            first = false
            writer.string(name)
            writer.literal(":")
        }

        mutating func field(_ name: StaticString, _ value: String?, _ writer: inout JSONWriter) {
            guard let value else { return }
            key(name, &writer)
            writer.string(value)
        }
    }
}

// MARK: - From a parsed JSON value

extension RequestID {
    /// A request id from JSON: an integer or a string.
    init?(json: ParsedJSON) {
        switch json {
        case .string(let text): self = .string(text)
        case .number(let number) where number == number.rounded() && abs(number) < 9e15: self = .number(Int(number))
        default: return nil
        }
    }
}

/// Why a `measurements/submit` params object is unusable, worded as the Codable path words it.
struct ParamsProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }

    /// `value`, found at `path`, is not what the Codable path expects there.
    init(_ value: ParsedJSON?, at path: String) {
        switch value {
        case nil: reason = "\(path) is missing"
        case .null?: reason = "\(path) is null"
        case _?: reason = "\(path) has the wrong type"
        }
    }
}

extension SubmitMeasurementsRequest {
    /// The params object, or the reason it is not one, checked in the Codable path's order
    /// (batchId, device, cursor, records) and named as it names it; nil when only the Codable
    /// path can read the params exactly (a `userIndex` beyond 2^53, which a Double cannot hold).
    static func fromJSON(_ json: ParsedJSON) -> Swift.Result<SubmitMeasurementsRequest, ParamsProblem>? {
        guard case .object = json else { return .failure(ParamsProblem(json, at: "params")) }
        let params = json
        guard case .string(let batchId)? = params["batchId"] else {
            return .failure(ParamsProblem(params["batchId"], at: "params.batchId"))
        }
        var device: DeviceIdentity?
        switch params["device"] {
        case nil, .null?: device = nil
        case let value?:
            switch DeviceIdentity.fromJSON(value, at: "params.device") {
            case .success(let parsed): device = parsed
            case .failure(let problem): return .failure(problem)
            }
        }
        var cursor: String?
        switch params["cursor"] {
        case nil, .null?: cursor = nil
        case .string(let text)?: cursor = text
        case let other: return .failure(ParamsProblem(other, at: "params.cursor"))
        }
        guard case .array(let entries)? = params["records"] else {
            return .failure(ParamsProblem(params["records"], at: "params.records"))
        }
        var records: [MeasurementRecord] = []
        records.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard case .object = entry else {
                return .failure(ParamsProblem(entry, at: "params.records[\(index)]"))
            }
            let record = MeasurementRecord(fields: entry)
            if !record.malformedFields.isEmpty, case .number(let number)? = entry["context"]?["userIndex"],
                abs(number) >= 0x1p53
            {
                return nil
            }
            records.append(record)
        }
        return .success(SubmitMeasurementsRequest(batchId: batchId, device: device, cursor: cursor, records: records))
    }
}

extension DeviceIdentity {
    /// The device, or its first problem in the order the Codable path checks the members.
    static func fromJSON(_ json: ParsedJSON, at path: String) -> Swift.Result<DeviceIdentity, ParamsProblem> {
        guard case .object = json else { return .failure(ParamsProblem(json, at: path)) }
        guard case .string(let deviceId)? = json["deviceId"] else {
            return .failure(ParamsProblem(json["deviceId"], at: "\(path).deviceId"))
        }
        func optional(_ key: String) throws(ParamsProblem) -> String? {
            switch json[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case let other: throw ParamsProblem(other, at: "\(path).\(key)")
            }
        }
        do {
            return .success(
                DeviceIdentity(
                    deviceId: deviceId,
                    manufacturer: try optional("manufacturer"),
                    model: try optional("model"),
                    serial: try optional("serial")
                )
            )
        } catch {
            return .failure(error)
        }
    }

    init?(json: ParsedJSON) {
        guard case .success(let device) = Self.fromJSON(json, at: "device") else { return nil }
        self = device
    }
}

extension MeasurementRecord {
    /// Field by field and lenient, exactly like `init(from:)`: a field of the wrong type is nil and
    /// named in `malformedFields`.
    init(fields: ParsedJSON) {
        var malformed: [String] = []
        self.init(sourceRecordId: "", kind: "", unit: "")
        sourceRecordId = fields.string("sourceRecordId", &malformed)
        kind = fields.string("kind", &malformed)
        value = fields.number("value", &malformed)
        components = fields.numbers("components", &malformed)
        unit = fields.string("unit", &malformed)
        effectiveTime = fields.string("effectiveTime", &malformed)
        effectivePeriod = fields.decoded("effectivePeriod", &malformed) { json in
            guard case .object = json, case .string(let start)? = json["start"], case .string(let end)? = json["end"]
            else { return nil }
            return TimePeriod(start: start, end: end)
        }
        context = fields.decoded("context", &malformed) { json in
            guard case .object = json else { return nil }
            let values = json
            var nested: [String] = []
            var context = MeasurementContext(
                mealRelation: values.string("mealRelation", &nested),
                bodyPosition: values.string("bodyPosition", &nested),
                measurementStatus: values.decoded("measurementStatus", &nested) { json in
                    guard case .array(let items) = json else { return nil }
                    let strings = items.compactMap(\.stringValue)
                    return strings.count == items.count ? strings : nil
                },
                userIndex: values.decoded("userIndex", &nested) { json in
                    // Beyond 2^53 the Double may not be the integer sent: fromJSON leaves those to
                    // the Codable path, which reads the digits.
                    guard case .number(let number) = json, number == number.rounded(), abs(number) < 0x1p53 else {
                        return nil
                    }
                    return Int(number)
                },
                dialysisPhase: values.string("dialysisPhase", &nested),
                sampleSite: values.string("sampleSite", &nested)
            )
            context.malformedFields = nested
            return context
        }
        device = fields.decoded("device", &malformed, DeviceIdentity.init(json:))
        if let nested = context?.malformedFields { malformed += nested.map { "context.\($0)" } }
        malformedFields = malformed
    }
}

extension ParsedJSON {
    /// The member decoded by `transform`; absent or null is nil, a failed transform is malformed.
    fileprivate func decoded<T>(_ key: String, _ malformed: inout [String], _ transform: (ParsedJSON) -> T?) -> T? {
        guard let value = self[key] else { return nil }
        if case .null = value { return nil }
        guard let result = transform(value) else {
            malformed.append(key)
            return nil
        }
        return result
    }

    fileprivate func string(_ key: String, _ malformed: inout [String]) -> String? {
        decoded(key, &malformed, \.stringValue)
    }

    fileprivate func number(_ key: String, _ malformed: inout [String]) -> Double? {
        decoded(key, &malformed, \.numberValue)
    }

    fileprivate func numbers(_ key: String, _ malformed: inout [String]) -> [String: Double]? {
        decoded(key, &malformed) { json in
            guard case .object(let members) = json else { return nil }
            var numbers: [String: Double] = [:]
            for (name, value) in members where numbers[name] == nil {
                // Of duplicate names only the first counts, as in JSONDecoder.
                guard case .number(let number) = value else { return nil }
                numbers[name] = number
            }
            return numbers
        }
    }
}
