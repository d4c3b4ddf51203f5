import AdapterProtocol
import Foundation

/// A simulated world: devices holding readings, and the faults to inject (the format is in README.md).
///
/// Kinds, units, values and times are deliberately not checked: a scenario may hold bad data so
/// that the hub's validation can be tested. Only what the simulator itself needs must be right.
struct Scenario: Sendable, Hashable, Decodable {
    var name: String
    var description: String?
    var devices: [ScenarioDevice]
    var faults: [FaultSpec]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name = "scenario", description, devices, faults
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        devices = try container.decode([ScenarioDevice].self, forKey: .devices)
        faults = try container.decodeIfPresent([FaultSpec].self, forKey: .faults) ?? []
    }

    /// The device with this id, if the scenario has one.
    func device(_ deviceId: String) -> ScenarioDevice? {
        devices.first { $0.deviceId == deviceId }
    }
}

/// One simulated device: who it is, and the readings in its memory.
struct ScenarioDevice: Sendable, Hashable, Decodable {
    var deviceId: String
    var name: String
    var manufacturer: String?
    var model: String?
    var serial: String?
    var address: String?
    var rssi: Int?
    /// When set, `devices/pair` must carry exactly this passkey.
    var passkey: String?
    var readings: [ScenarioReading]
    var generate: ScenarioGenerator?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case deviceId, name, manufacturer, model, serial, address, rssi, passkey, readings, generate
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceId = try container.decode(String.self, forKey: .deviceId)
        name = try container.decode(String.self, forKey: .name)
        manufacturer = try container.decodeIfPresent(String.self, forKey: .manufacturer)
        model = try container.decodeIfPresent(String.self, forKey: .model)
        serial = try container.decodeIfPresent(String.self, forKey: .serial)
        address = try container.decodeIfPresent(String.self, forKey: .address)
        rssi = try container.decodeIfPresent(Int.self, forKey: .rssi)
        passkey = try container.decodeIfPresent(String.self, forKey: .passkey)
        readings = try container.decodeIfPresent([ScenarioReading].self, forKey: .readings) ?? []
        generate = try container.decodeIfPresent(ScenarioGenerator.self, forKey: .generate)
    }

    /// The kinds its readings name, in order of first appearance.
    var kinds: [String] {
        var kinds: [String] = []
        for kind in readings.compactMap(\.kind) + [generate?.kind].compactMap({ $0 }) where !kinds.contains(kind) {
            kinds.append(kind)
        }
        return kinds
    }
}

/// One reading as written in a scenario; every field may be missing or wrong on purpose.
struct ScenarioReading: Sendable, Hashable, Decodable {
    var kind: String?
    var unit: String?
    var value: Double?
    var components: [String: Double]?
    /// Sent as `effectiveTime`.
    var time: String?
    /// Sent as `effectivePeriod`.
    var period: TimePeriod?
    var context: MeasurementContext?
    /// Replaces the generated `<serial>/<n>` id (to send an empty one, for example).
    var sourceRecordId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, unit, value, components, time, period, context, sourceRecordId
    }
}

/// Deterministic synthetic readings appended after a device's listed ones.
struct ScenarioGenerator: Sendable, Hashable, Decodable {
    var kind: String
    var unit: String
    var count: Int
    /// RFC 3339 with whole seconds and an offset; generated times keep that offset.
    var start: String
    var intervalSeconds: Int
    var minimum: Double
    var maximum: Double

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, unit, count, start, intervalSeconds, minimum, maximum
    }
}

extension ScenarioGenerator {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        unit = try container.decode(String.self, forKey: .unit)
        count = try container.decode(Int.self, forKey: .count)
        start = try container.decode(String.self, forKey: .start)
        intervalSeconds = try container.decodeIfPresent(Int.self, forKey: .intervalSeconds) ?? 60
        minimum = try container.decode(Double.self, forKey: .minimum)
        maximum = try container.decode(Double.self, forKey: .maximum)
    }
}

/// Why a scenario cannot be used: the file and every problem found in it.
struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path, or the built-in scenario's name.
    var source: String
    var problems: [String]

    var description: String { "\(source): \(problems.joined(separator: "; "))" }
}

extension Scenario {
    /// Reads and checks the scenario file at `path`.
    static func load(path: String) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ScenarioError(source: path, problems: ["cannot be read: \(error.localizedDescription)"])
        }
        return try parse(data, source: path)
    }

    /// Decodes and checks scenario JSON; `source` names it in errors.
    static func parse(_ data: Data, source: String) throws(ScenarioError) -> Scenario {
        let decoder = JSONDecoder()
        let tree: JSONValue
        do {
            // JSONSerialization first: on Linux only it says where the syntax error is.
            _ = try JSONSerialization.jsonObject(with: data)
            tree = try decoder.decode(JSONValue.self, from: data)
        } catch {
            throw ScenarioError(source: source, problems: ["is not JSON: \(syntaxError(error, in: data))"])
        }
        let unknown = ScenarioKeys.unknownKeys(in: tree)
        guard unknown.isEmpty else { throw ScenarioError(source: source, problems: unknown) }
        let scenario: Scenario
        do {
            scenario = try decoder.decode(Scenario.self, from: data)
        } catch {
            throw ScenarioError(source: source, problems: [describe(error)])
        }
        let problems = scenario.problems()
        guard problems.isEmpty else { throw ScenarioError(source: source, problems: problems) }
        return scenario
    }

    /// What makes the scenario unusable for the simulator itself (not for the hub).
    func problems() -> [String] {
        var problems: [String] = []
        if name.isEmpty { problems.append("scenario: is empty") }
        var seen: Set<String> = []
        for (index, device) in devices.enumerated() {
            let path = "devices[\(index)]"
            if device.deviceId.isEmpty { problems.append("\(path).deviceId: is empty") }
            if !seen.insert(device.deviceId).inserted {
                problems.append("\(path).deviceId: '\(device.deviceId)' is used by an earlier device")
            }
            for (readingIndex, reading) in device.readings.enumerated() {
                for field in reading.context?.malformedFields ?? [] {
                    problems.append("\(path).readings[\(readingIndex)].context.\(field): has the wrong type")
                }
            }
            if let generate = device.generate {
                problems += generate.problems(path: "\(path).generate")
            }
        }
        for (index, spec) in faults.enumerated() {
            do {
                let fault = try Fault(spec)
                if let deviceId = fault.deviceId, device(deviceId) == nil {
                    problems.append("faults[\(index)].device: no device '\(deviceId)' in the scenario")
                }
                if fault == .wrongVersion {
                    // Versions are negotiated before the scenario is loaded.
                    problems.append("faults[\(index)]: wrong-version works only as a --fault argument")
                }
            } catch {
                problems.append("faults[\(index)]: \(error)")
            }
        }
        return problems
    }
}

extension ScenarioGenerator {
    /// What is wrong with the generator's parameters, each naming its field under `path`.
    func problems(path: String) -> [String] {
        var problems: [String] = []
        if count < 0 || count > 1_000_000_000 { problems.append("\(path).count: must be 0…1,000,000,000") }
        if intervalSeconds < 0 { problems.append("\(path).intervalSeconds: must not be negative") }
        if !minimum.isFinite || !maximum.isFinite || minimum > maximum {
            problems.append("\(path).minimum/maximum: need minimum <= maximum")
        }
        if let start = Timestamp(start) {
            let (span, overflow) = max(count - 1, 0).multipliedReportingOverflow(by: intervalSeconds)
            // The last reading must still have a four-digit year (before 10000-01-01T00:00:00Z).
            if overflow || span > 253_402_300_800 - start.secondsSinceEpoch - 86_400 {
                problems.append("\(path): count × intervalSeconds reaches past the year 9999")
            }
        } else {
            problems.append(
                "\(path).start: '\(start)' is not YYYY-MM-DDTHH:MM:SS with Z or ±hh:mm (whole seconds)"
            )
        }
        return problems
    }
}

/// The keys each object of a scenario may have, so that a misspelt key is an error, not a silent default.
private enum ScenarioKeys {
    static let root = names(Scenario.CodingKeys.self)
    static let device = names(ScenarioDevice.CodingKeys.self)
    static let reading = names(ScenarioReading.CodingKeys.self)
    static let generate = names(ScenarioGenerator.CodingKeys.self)
    static let fault = names(FaultSpec.CodingKeys.self)
    static let period: Set<String> = ["start", "end"]
    static let context: Set<String> = [
        "mealRelation", "bodyPosition", "measurementStatus", "userIndex", "dialysisPhase", "sampleSite",
    ]

    static func unknownKeys(in root: JSONValue) -> [String] {
        var problems: [String] = []
        check(root, allowed: Self.root, path: "", into: &problems)
        for (index, device) in (root["devices"]?.arrayValue ?? []).enumerated() {
            let path = "devices[\(index)]"
            check(device, allowed: Self.device, path: path, into: &problems)
            check(device["generate"], allowed: generate, path: "\(path).generate", into: &problems)
            for (readingIndex, reading) in (device["readings"]?.arrayValue ?? []).enumerated() {
                let readingPath = "\(path).readings[\(readingIndex)]"
                check(reading, allowed: Self.reading, path: readingPath, into: &problems)
                check(reading["period"], allowed: period, path: "\(readingPath).period", into: &problems)
                check(reading["context"], allowed: context, path: "\(readingPath).context", into: &problems)
            }
        }
        for (index, fault) in (root["faults"]?.arrayValue ?? []).enumerated() {
            check(fault, allowed: Self.fault, path: "faults[\(index)]", into: &problems)
        }
        return problems
    }

    private static func check(_ value: JSONValue?, allowed: Set<String>, path: String, into problems: inout [String]) {
        guard case .object(let members) = value else { return }
        for key in members.keys.sorted() where !allowed.contains(key) {
            let known = allowed.sorted().joined(separator: ", ")
            problems.append("\(path.isEmpty ? "" : path + ".")\(key): unknown key (known: \(known))")
        }
    }

    private static func names<Key: CodingKey & CaseIterable>(_: Key.Type) -> Set<String> {
        Set(Key.allCases.map(\.stringValue))
    }
}

/// A JSON syntax error, with the line and column when the parser named a character offset.
private func syntaxError(_ error: any Error, in data: Data) -> String {
    let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? describe(error)
    guard let range = message.range(of: #"character \d+"#, options: .regularExpression),
        let offset = Int(message[range].dropFirst("character ".count)), offset <= data.count
    else { return message }
    let before = data.prefix(offset)
    let line = before.count { $0 == 0x0A } + 1
    let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    return "\(message) (line \(line), column \(column))"
}

/// A decoding error in one sentence that names the place: `devices[0].name: is missing`.
func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
    switch error {
    case .keyNotFound(let key, let context):
        let parent = path(context.codingPath)
        return "\(parent.isEmpty ? "" : parent + ".")\(key.stringValue): is missing"
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)): has the wrong type (expected \(type))"
    case .valueNotFound(let type, let context):
        return "\(path(context.codingPath)): is null (expected \(type))"
    case .dataCorrupted(let context):
        let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        let place = path(context.codingPath)
        return (place.isEmpty ? "" : place + ": ") + (underlying ?? context.debugDescription)
    @unknown default:
        return "\(error)"
    }
}
