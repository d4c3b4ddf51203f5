import CareServerStore
import Foundation
import HubCore

/// A hub's push as the server takes it: a FHIR R4 `transaction` Bundle whose entries each create one Observation
/// conditionally (`request.ifNoneExist` on the resource's stable identifier, FHIR R4 §3.1.0.8 "Conditional
/// create"), every one about the patient the device token stands for. Read whole before anything is stored: one
/// malformed entry refuses the Bundle, naming the entry's field by JSON pointer (`#/entry/3/resource/code`); one
/// entry about another patient refuses it with 403, naming the entry.
struct SyncBundle: Sendable {
    /// At most this many entries in one Bundle (the hub sends bounded Bundles, far fewer).
    static let maximumEntries = 1000
    /// At most this many bytes of body (a full Bundle of blood-pressure panels is under 1.5 MB).
    static let maximumBytes = 4 * 1024 * 1024
    /// The longest identifier system or value taken.
    static let maximumIdentifierLength = 256

    let readings: [SyncReading]

    /// Reads `fields` (the Bundle's top level) for patient `patientID`.
    init(_ fields: [String: JSONValue], patientID: Int64) throws(APIError) {
        let ownReference = "Patient/\(patientID)"
        var errors: [String: FieldErrors] = [:]
        if fields["resourceType"] != .string("Bundle") {
            errors["resourceType"] = .messages(["Must be \"Bundle\"."])
        }
        if fields["type"] != .string("transaction") {
            errors["type"] = .messages(["Must be \"transaction\" (each entry a conditional create)."])
        }
        var items: [JSONValue] = []
        switch fields["entry"] {
        case nil: break
        case .array(let array) where array.count <= Self.maximumEntries: items = array
        case .array: errors["entry"] = .messages(["Ensure this field has no more than \(Self.maximumEntries) entries."])
        default: errors["entry"] = .messages(["Expected a list of entries."])
        }
        var entryErrors: [String: FieldErrors] = [:]
        var otherPatient: String?
        var seen: [String: Int] = [:]
        var readings: [SyncReading] = []
        for (index, item) in items.enumerated() {
            do throws(EntryFailure) {
                let reading = try Self.reading(item, ownReference: ownReference)
                let key = "\(reading.identifierSystem)|\(reading.identifierValue)"
                if let first = seen[key] {
                    throw EntryFailure.invalid(
                        ["resource", "identifier", "0", "value"],
                        "The same identifier as entry \(first): each resource once in a Bundle."
                    )
                }
                seen[key] = index
                readings.append(reading)
            } catch {
                switch error {
                case .invalid(let path, let message):
                    entryErrors[String(index)] = Self.tree(path, message)
                case .otherPatient:
                    otherPatient = otherPatient ?? "#/entry/\(index)/resource/subject/reference"
                }
            }
        }
        if !entryErrors.isEmpty { errors["entry"] = .nested(entryErrors) }
        guard errors.isEmpty else { throw .invalid(errors) }
        if let otherPatient {
            throw .forbidden("\(otherPatient) names another patient: this device pushes into \(ownReference) only.")
        }
        self.readings = readings
    }

    /// Why one entry was refused: a field (path below the entry) and the reason, or another patient's reference.
    enum EntryFailure: Error {
        case invalid([String], String)
        case otherPatient
    }

    private static func reading(_ item: JSONValue, ownReference: String) throws(EntryFailure) -> SyncReading {
        guard case .object(let entry) = item else { throw .invalid([], "Expected an object.") }
        guard case .object(let resource) = entry["resource"] else {
            throw .invalid(["resource"], "Expected the resource, an object.")
        }
        guard case .object(let request) = entry["request"] else {
            throw .invalid(["request"], "Expected the request, an object.")
        }
        guard resource["resourceType"] == .string("Observation") else {
            throw .invalid(["resource", "resourceType"], "Must be \"Observation\".")
        }
        guard case .array(let identifiers) = resource["identifier"], case .object(let identifier) = identifiers.first,
            case .string(let system) = identifier["system"], !system.isEmpty,
            system.utf8.count <= maximumIdentifierLength
        else {
            throw .invalid(["resource", "identifier", "0", "system"], "A stable identifier's system is required.")
        }
        guard case .string(let value) = identifier["value"], !value.isEmpty,
            value.utf8.count <= maximumIdentifierLength
        else {
            throw .invalid(["resource", "identifier", "0", "value"], "A stable identifier's value is required.")
        }
        guard request["method"] == .string("POST") else { throw .invalid(["request", "method"], "Must be \"POST\".") }
        guard request["url"] == .string("Observation") else {
            throw .invalid(["request", "url"], "Must be \"Observation\".")
        }
        guard case .string(let condition) = request["ifNoneExist"],
            (condition.removingPercentEncoding ?? condition) == "identifier=\(system)|\(value)"
        else {
            throw .invalid(
                ["request", "ifNoneExist"],
                "Must be \"identifier=<system>|<value>\" of the resource's first identifier."
            )
        }
        guard case .object(let subject) = resource["subject"], case .string(let reference) = subject["reference"] else {
            throw .invalid(["resource", "subject", "reference"], "The patient's reference is required.")
        }
        guard reference == ownReference else { throw .otherPatient }
        guard case .object(let code) = resource["code"], case .array(let codings) = code["coding"],
            case .object(let coding) = codings.first, case .string(let codeSystem) = coding["system"],
            case .string(let codeValue) = coding["code"], !codeSystem.isEmpty, !codeValue.isEmpty
        else { throw .invalid(["resource", "code", "coding", "0"], "A coding with a system and a code is required.") }
        let effectiveAt = try effectiveTime(resource)
        var quantity: (Double, String?)?
        if let given = resource["valueQuantity"] {
            guard case .object(let valueQuantity) = given, let number = valueQuantity["value"]?.number else {
                throw .invalid(["resource", "valueQuantity", "value"], "A number is required.")
            }
            quantity = (number, valueQuantity["code"]?.text ?? valueQuantity["unit"]?.text)
        } else {
            guard case .array(let components) = resource["component"], !components.isEmpty else {
                throw .invalid(["resource", "valueQuantity"], "A value (valueQuantity or component) is required.")
            }
        }
        let json: String
        do {
            json = String(decoding: try JSONEncoder().encode(JSONValue.object(resource)), as: UTF8.self)
        } catch {
            throw .invalid(["resource"], "The resource cannot be written back as JSON.")
        }
        return SyncReading(
            identifierSystem: system,
            identifierValue: value,
            codeSystem: codeSystem,
            code: codeValue,
            value: quantity?.0,
            unit: quantity?.1,
            effectiveAt: effectiveAt,
            resourceJSON: json
        )
    }

    /// `effectiveDateTime`, else `effectivePeriod.start`, as RFC 3339 with an offset (FHIR's dateTime with a time).
    private static func effectiveTime(_ resource: [String: JSONValue]) throws(EntryFailure) -> Date {
        let path: [String]
        let text: String?
        if let given = resource["effectiveDateTime"] {
            path = ["resource", "effectiveDateTime"]
            text = given.text
        } else if case .object(let period) = resource["effectivePeriod"] {
            path = ["resource", "effectivePeriod", "start"]
            text = period["start"]?.text
        } else {
            throw .invalid(["resource", "effectiveDateTime"], "When it was measured is required.")
        }
        guard let text, let parsed = try? RFC3339.parse(text) else {
            throw .invalid(path, "Expected a date and time with an offset (RFC 3339).")
        }
        return Date(timeIntervalSince1970: Double(parsed.epochMilliseconds) / 1000)
    }

    /// A field error at `path` below one entry, as nested field errors.
    private static func tree(_ path: [String], _ message: String) -> FieldErrors {
        var tree = FieldErrors.messages([message])
        for key in path.reversed() { tree = .nested([key: tree]) }
        return tree
    }
}

extension JSONValue {
    /// The value as a number, if it is one.
    fileprivate var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The value as text, if it is a string.
    fileprivate var text: String? {
        switch self {
        case .string(let value): value
        default: nil
        }
    }
}
