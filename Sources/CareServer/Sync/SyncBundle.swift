import CareServerStore
import Foundation
import HubCore

/// A hub's push as the server takes it: a FHIR R4 `transaction` Bundle whose entries each create one Observation
/// or MedicationAdministration conditionally (`request.ifNoneExist` on the resource's stable identifier, FHIR R4
/// §3.1.0.8 "Conditional create"), or update an Observation conditionally (`PUT Observation?identifier=…` with the
/// hub's version in `meta.lastUpdated`, §3.1.0.4.1 "Conditional update": a day's intake total that changed), every
/// one about the patient the device token stands for. Read whole before anything is stored: one
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
    let administrations: [SyncAdministration]
    /// Where each entry, in the Bundle's order, went: an index into `readings` or into `administrations`.
    let order: [Slot]

    /// One entry's place among the kinds.
    enum Slot: Sendable {
        case reading(Int)
        case administration(Int)
    }

    /// The statuses FHIR R4 allows a MedicationAdministration (value set `medication-admin-status`).
    static let administrationStatuses: Set<String> = [
        "in-progress", "not-done", "on-hold", "completed", "entered-in-error", "stopped", "unknown",
    ]

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
        var administrations: [SyncAdministration] = []
        var order: [Slot] = []
        for (index, item) in items.enumerated() {
            do throws(EntryFailure) {
                let parsed = try Self.entry(item, ownReference: ownReference)
                let key: String
                switch parsed {
                case .reading(let reading): key = "\(reading.identifierSystem)|\(reading.identifierValue)"
                case .administration(let dose): key = "\(dose.identifierSystem)|\(dose.identifierValue)"
                }
                if let first = seen[key] {
                    throw EntryFailure.invalid(
                        ["resource", "identifier", "0", "value"],
                        "The same identifier as entry \(first): each resource once in a Bundle."
                    )
                }
                seen[key] = index
                switch parsed {
                case .reading(let reading):
                    order.append(.reading(readings.count))
                    readings.append(reading)
                case .administration(let dose):
                    order.append(.administration(administrations.count))
                    administrations.append(dose)
                }
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
        self.administrations = administrations
        self.order = order
    }

    /// One entry read: a reading (Observation) or a dose (MedicationAdministration).
    enum Entry {
        case reading(SyncReading)
        case administration(SyncAdministration)
    }

    /// Why one entry was refused: a field (path below the entry) and the reason, or another patient's reference.
    enum EntryFailure: Error {
        case invalid([String], String)
        case otherPatient
    }

    private static func entry(_ item: JSONValue, ownReference: String) throws(EntryFailure) -> Entry {
        guard case .object(let entry) = item else { throw .invalid([], "Expected an object.") }
        guard case .object(let resource) = entry["resource"] else {
            throw .invalid(["resource"], "Expected the resource, an object.")
        }
        guard case .object(let request) = entry["request"] else {
            throw .invalid(["request"], "Expected the request, an object.")
        }
        let type: String
        switch resource["resourceType"] {
        case .string("Observation"): type = "Observation"
        case .string("MedicationAdministration"): type = "MedicationAdministration"
        default:
            throw .invalid(["resource", "resourceType"], "Must be \"Observation\" or \"MedicationAdministration\".")
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
        let version = try requestVersion(request, resource: resource, type: type, system: system, value: value)
        guard case .object(let subject) = resource["subject"], case .string(let reference) = subject["reference"] else {
            throw .invalid(["resource", "subject", "reference"], "The patient's reference is required.")
        }
        guard reference == ownReference else { throw .otherPatient }
        let json = SyncJSON.text(.object(resource))
        if type == "MedicationAdministration" {
            guard case .string(let status) = resource["status"], administrationStatuses.contains(status) else {
                throw .invalid(
                    ["resource", "status"],
                    "Must be one of \(administrationStatuses.sorted().joined(separator: ", "))."
                )
            }
            guard resource["medicationCodeableConcept"] != nil || resource["medicationReference"] != nil else {
                throw .invalid(["resource", "medicationCodeableConcept"], "The medication is required.")
            }
            return .administration(
                SyncAdministration(
                    identifierSystem: system,
                    identifierValue: value,
                    status: status,
                    effectiveAt: try effectiveTime(resource),
                    resourceJSON: json
                )
            )
        }
        return .reading(try observation(resource, system: system, value: value, json: json, version: version))
    }

    /// The entry's request: `POST <type>` with `ifNoneExist` on the resource's identifier (nil answered), or, for an
    /// Observation, `PUT Observation?identifier=<system>|<value>` with the resource's `meta.lastUpdated` (answered).
    private static func requestVersion(
        _ request: [String: JSONValue],
        resource: [String: JSONValue],
        type: String,
        system: String,
        value: String
    ) throws(EntryFailure) -> Date? {
        switch request["method"] {
        case .string("POST"):
            guard request["url"] == .string(type) else { throw .invalid(["request", "url"], "Must be \"\(type)\".") }
            guard case .string(let condition) = request["ifNoneExist"],
                Self.same(condition, "identifier=\(system)|\(value)")
            else {
                throw .invalid(
                    ["request", "ifNoneExist"],
                    "Must be \"identifier=<system>|<value>\" of the resource's first identifier."
                )
            }
            return nil
        case .string("PUT") where type == "Observation":
            guard case .string(let url) = request["url"],
                Self.same(url, "Observation?identifier=\(system)|\(value)")
            else {
                throw .invalid(
                    ["request", "url"],
                    "Must be \"Observation?identifier=<system>|<value>\" of the resource's first identifier."
                )
            }
            guard case .object(let meta) = resource["meta"], case .string(let text) = meta["lastUpdated"],
                let parsed = try? RFC3339.parse(text)
            else {
                throw .invalid(
                    ["resource", "meta", "lastUpdated"],
                    "A conditional update needs the version's time, a date and time with an offset (RFC 3339)."
                )
            }
            return Date(timeIntervalSince1970: Double(parsed.epochMilliseconds) / 1000)
        default:
            throw .invalid(
                ["request", "method"],
                type == "Observation" ? "Must be \"POST\" or \"PUT\"." : "Must be \"POST\"."
            )
        }
    }

    private static func observation(
        _ resource: [String: JSONValue],
        system: String,
        value: String,
        json: String,
        version: Date?
    ) throws(EntryFailure) -> SyncReading {
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
        return SyncReading(
            identifierSystem: system,
            identifierValue: value,
            codeSystem: codeSystem,
            code: codeValue,
            value: quantity?.0,
            unit: quantity?.1,
            effectiveAt: effectiveAt,
            resourceJSON: json,
            version: version
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

    /// Whether a request's condition names `expected`, as sent or percent-encoded (Foundation's decoding only when
    /// there is a `%`: it was a good part of reading a Bundle).
    private static func same(_ given: String, _ expected: String) -> Bool {
        given == expected || (given.utf8.contains(UInt8(ascii: "%")) && given.removingPercentEncoding == expected)
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
