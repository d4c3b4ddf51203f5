import Care
import Foundation

/// `POST /api/v1/patients/<id>/orders`: a FHIR R4 `MedicationRequest` a clinician writes, read by the hub's own
/// reader (`Care.MedicationFHIRImport`), so the server takes exactly the medications, doses and `Timing` the hub's
/// medications take, and refuses the rest naming the field by its path (`#/dosageInstruction/0/timing/repeat/
/// periodUnit`).
///
/// The server sets what is its to say: `id` and `identifier` (a UUID; a client may send its own in `identifier`
/// with the hub's system, so that a retried write is stored once), `status` (`active` when written; stopping is its
/// own request), `intent` (`order`), `subject`, `requester` and `authoredOn`. Every dosage needs a schedule (a
/// `timing.repeat`) or to be taken as needed.
struct OrderBody: Sendable {
    /// What a body may hold; `subject`, `requester`, `authoredOn` and `meta` are read-only (accepted, ignored).
    static let allowed: Set<String> = [
        "resourceType", "identifier", "status", "intent", "medicationCodeableConcept", "dosageInstruction",
        "reasonCode", "note", "subject", "requester", "authoredOn", "meta",
    ]
    static let serverSet: Set<String> = ["subject", "requester", "authoredOn", "meta", "id"]
    /// A clinician's order lists a few dosages at most (morning and evening, dialysis and other days).
    static let maximumDosages = 10

    /// The stable identifier.
    var identifier: UUID
    /// The order as the hub reads it (for its checks and the portal's view).
    var order: MedicationOrder
    /// The members to store, without those the server sets.
    var members: [String: JSONValue]

    init(_ fields: [String: JSONValue]) throws(APIError) {
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: Self.allowed, into: &errors)
        if let type = fields["resourceType"], type != .string("MedicationRequest") {
            errors.add("resourceType", "Must be \"MedicationRequest\".")
        }
        if let status = fields["status"], status != .string("active") {
            errors.add("status", "An order is written \"active\"; stop it with its stop request.")
        }
        if let intent = fields["intent"], intent != .string("order") {
            errors.add("intent", "Must be \"order\".")
        }
        let identifier: UUID? =
            errors.read("identifier") { () throws(FieldFailure) -> UUID? in
                try Self.identifier(fields["identifier"])
            } ?? nil
        switch fields["dosageInstruction"] {
        case .array(let items) where items.isEmpty:
            errors.add("dosageInstruction", "At least one dosage is needed.")
        case .array(let items) where items.count > Self.maximumDosages:
            errors.add("dosageInstruction", "Ensure this field has no more than \(Self.maximumDosages) elements.")
        case .array(let items):
            for (index, item) in items.enumerated() {
                guard case .object(let dosage) = item else {
                    errors.add("dosageInstruction", nested: [String(index): .messages(["Expected an object."])])
                    continue
                }
                if dosage["timing"] == nil, dosage["asNeededBoolean"] != .bool(true),
                    dosage["asNeededCodeableConcept"] == nil
                {
                    errors.add(
                        "dosageInstruction",
                        nested: [
                            String(index): .nested(["timing": .messages(["A schedule (timing.repeat) is needed."])])
                        ]
                    )
                }
            }
        case nil: errors.add("dosageInstruction", FieldReaders.required)
        default: errors.add("dosageInstruction", "Expected a list of dosages.")
        }
        for (key, value) in fields where Self.allowed.contains(key) {
            guard let found = Self.outOfRange(value) else { continue }
            switch Self.collapse(found) {
            case .messages(let messages): for message in messages { errors.add(key, message) }
            case .nested(let nested): errors.add(key, nested: nested)
            }
        }
        for (key, value) in fields where Self.allowed.contains(key) && value == .null {
            errors.add(key, FieldReaders.notNull)
        }
        guard errors.isEmpty else { throw .invalid(errors.fields) }

        var members = fields.filter { !Self.serverSet.contains($0.key) }
        let id = identifier ?? UUID()
        members["resourceType"] = .string("MedicationRequest")
        members["status"] = .string("active")
        members["intent"] = .string("order")
        members["identifier"] = .array([
            .object([
                "system": .string(MedicationFHIRImport.orderIdentifierSystem),
                "value": .string(id.uuidString.lowercased()),
            ])
        ])
        let order: MedicationOrder
        do {
            let data = try JSONResponse.encoder.encode(JSONValue.object(members))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw APIError.malformed("The order is not a JSON object.")
            }
            order = try MedicationFHIRImport.order(object, path: "")
        } catch let error as MedicationOrderError {
            throw .invalid(Self.fieldErrors(path: Self.bodyPath(error.field), error.reason))
        } catch let error as APIError {
            throw error
        } catch {
            throw .malformed("The order could not be read: \(error)")
        }
        self.identifier = id
        self.order = order
        self.members = members
    }

    /// The UUID of an `identifier` list with the hub's order system, nil when there is none.
    private static func identifier(_ value: JSONValue?) throws(FieldFailure) -> UUID? {
        guard let value else { return nil }
        guard case .array(let items) = value else { throw .message("Expected a list of identifiers.") }
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item,
                members["system"] == .string(MedicationFHIRImport.orderIdentifierSystem)
            else { continue }
            guard case .string(let text) = members["value"], let id = UUID(uuidString: text) else {
                throw .nested([String(index): .nested(["value": .messages(["Must be a UUID."])])])
            }
            return id
        }
        return nil
    }

    /// The largest number an order holds anywhere (a count, a frequency, a dose): far above any real one, and
    /// small enough that every reader's integer conversion is exact.
    static let largestNumber = 1_000_000.0

    /// Where `value` holds a number beyond ±`largestNumber`, as nested field errors (nil when nowhere); a bare
    /// out-of-range number is keyed `non_field_errors`.
    static func outOfRange(_ value: JSONValue) -> [String: FieldErrors]? {
        let message = "Ensure this value is between \(-Int(largestNumber)) and \(Int(largestNumber))."
        switch value {
        case .integer(let n) where Double(n).magnitude > largestNumber:
            return ["non_field_errors": .messages([message])]
        case .number(let d) where !(d.magnitude <= largestNumber):
            return ["non_field_errors": .messages([message])]
        case .array(let items):
            var found: [String: FieldErrors] = [:]
            for (index, item) in items.enumerated() {
                if let nested = outOfRange(item) { found[String(index)] = Self.collapse(nested) }
            }
            return found.isEmpty ? nil : found
        case .object(let members):
            var found: [String: FieldErrors] = [:]
            for (key, member) in members {
                if let nested = outOfRange(member) { found[key] = Self.collapse(nested) }
            }
            return found.isEmpty ? nil : found
        default:
            return nil
        }
    }

    /// A bare number's error as the messages of the member that holds it.
    private static func collapse(_ nested: [String: FieldErrors]) -> FieldErrors {
        if nested.count == 1, let only = nested["non_field_errors"] { return only }
        return .nested(nested)
    }

    /// The path in the body of a field the order's own check names by its model (`dosageInstruction[0].dose`).
    static func bodyPath(_ path: String) -> String {
        let prefixes = [
            ("medication.name", "medicationCodeableConcept.text"),
            ("medication.rxNorm", "medicationCodeableConcept.coding[0].code"), ("reason", "reasonCode[0].text"),
            ("note", "note[0].text"),
        ]
        for (model, body) in prefixes where path == model { return body }
        let suffixes = [
            (".dose.low", ".doseAndRate[0].doseRange.low.value"),
            (".dose.high", ".doseAndRate[0].doseRange.high.value"), (".dose", ".doseAndRate[0].doseQuantity.value"),
            (".asNeeded.reason", ".asNeededCodeableConcept.text"), (".dialysis", ".extension"),
            (".dialysis.offset", ".extension"), (".dialysis.event", ".extension"),
        ]
        for (model, body) in suffixes where path.hasSuffix(model) {
            return path.dropLast(model.count) + body
        }
        return path
    }

    /// A reader's dotted path (`dosageInstruction[0].timing.repeat.periodUnit`) as nested field errors, so that
    /// problem details name it by JSON pointer.
    static func fieldErrors(path: String, _ reason: String) -> [String: FieldErrors] {
        var segments: [String] = []
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indexes: [String] = []
            while let open = name.lastIndex(of: "["), name.hasSuffix("]") {
                indexes.insert(String(name[name.index(after: open)..<name.index(before: name.endIndex)]), at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { segments.append(String(name)) }
            segments += indexes
        }
        if segments.isEmpty || segments == ["(file)"] { segments = ["non_field_errors"] }
        var errors = FieldErrors.messages([reason.prefix(1).uppercased() + reason.dropFirst() + "."])
        for segment in segments.dropFirst().reversed() { errors = .nested([segment: errors]) }
        return [segments[0]: errors]
    }
}
