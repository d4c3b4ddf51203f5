import CareServerStore
import Foundation

/// A patient's answers as a FHIR R4 `QuestionnaireResponse`, read whole and validated against the questionnaire it
/// names (one of those assigned to her): `status` "completed", a stable `identifier` (system and value: a repeated
/// push stores nothing twice), `authored` with its offset, and one answer per item: every required item answered,
/// each answer of the item's type (`valueInteger`, `valueString`, `valueBoolean`), integers within the item's
/// range, no unknown or repeated linkId. Every refusal names the field by JSON pointer and the item by linkId.
struct QuestionnaireResponseBody: Sendable {
    static let maximumItems = 200
    static let maximumIdentifierLength = 256
    /// An answer authored more than this far ahead of the server's clock is refused (clocks drift; a day does not).
    static let futureTolerance: TimeInterval = 24 * 3600

    var assignment: QuestionnaireAssignment
    var definition: QuestionnaireDefinition
    var identifierSystem: String
    var identifierValue: String
    /// `authored`, normalised to UTC ISO 8601.
    var authored: String
    /// The symptom score (`QuestionnaireDefinition.scoreDefinition`).
    var score: Int32
    /// The resource to store: as sent, with `subject` naming the patient.
    var resourceJSON: String

    init(
        _ fields: [String: JSONValue],
        patientID: Int64,
        assignments: [QuestionnaireAssignment],
        now: Date = Date()
    ) throws(APIError) {
        var errors = FieldErrorCollector()
        KnownFields.check(
            fields,
            allowed: ["resourceType", "meta", "identifier", "questionnaire", "status", "subject", "authored", "item"],
            into: &errors
        )
        if fields["resourceType"] != .string("QuestionnaireResponse") {
            errors.add("resourceType", "Must be \"QuestionnaireResponse\".")
        }
        if fields["status"] != .string("completed") {
            errors.add("status", "Must be \"completed\": only finished answers are taken.")
        }
        let identifier = errors.read("identifier") { () throws(FieldFailure) in
            try Self.identifier(fields["identifier"])
        }
        let authored = errors.read("authored") { () throws(FieldFailure) in try Self.authored(fields["authored"], now) }
        if let subject = fields["subject"] {
            _ = errors.read("subject") { () throws(FieldFailure) in try Self.subject(subject, patientID: patientID) }
        }
        let found = errors.read("questionnaire") { () throws(FieldFailure) in
            try Self.assignment(fields["questionnaire"], in: assignments)
        }
        var score: Int64?
        if let found {
            score = errors.read("item") { () throws(FieldFailure) in try Self.items(fields["item"], found.1) }
        }
        guard errors.isEmpty, let identifier, let authored, let found, let score else {
            throw .invalid(errors.fields)
        }
        var resource = fields
        resource["subject"] = .object(["reference": .string("Patient/\(patientID)")])
        guard let data = try? JSONResponse.encoder.encode(JSONValue.object(resource)) else {
            throw .malformed("The response could not be written back as JSON.")
        }
        self.assignment = found.0
        self.definition = found.1
        self.identifierSystem = identifier.system
        self.identifierValue = identifier.value
        self.authored = authored
        self.score = Int32(clamping: score)
        self.resourceJSON = String(decoding: data, as: UTF8.self)
    }

    /// What the store keeps.
    var new: NewQuestionnaireResponse {
        NewQuestionnaireResponse(
            assignmentID: assignment.id,
            identifierSystem: identifierSystem,
            identifierValue: identifierValue,
            authored: authored,
            score: score,
            resourceJSON: resourceJSON
        )
    }

    private static func identifier(_ value: JSONValue?) throws(FieldFailure) -> (system: String, value: String) {
        guard let value else { throw .message(FieldReaders.required) }
        guard case .object(let fields) = value else {
            throw .message("Expected an Identifier object with system and value.")
        }
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: ["system", "value", "use"], into: &errors)
        let system = errors.read("system") { () throws(FieldFailure) in
            try FieldReaders.text(fields["system"], maximumCharacters: maximumIdentifierLength, trim: false)
        }
        let text = errors.read("value") { () throws(FieldFailure) in
            try FieldReaders.text(fields["value"], maximumCharacters: maximumIdentifierLength, trim: false)
        }
        guard errors.isEmpty, let system, let text else { throw .nested(errors.fields) }
        return (system, text)
    }

    private static func authored(_ value: JSONValue?, _ now: Date) throws(FieldFailure) -> String {
        guard let value else { throw .message(FieldReaders.required) }
        let invalid = FieldFailure.message("Expected a FHIR dateTime with time and offset, e.g. 2026-11-27T08:30:00Z.")
        guard case .string(let text) = value, text.count <= 40 else { throw invalid }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = plain.date(from: text) ?? fractional.date(from: text) else { throw invalid }
        guard date.timeIntervalSince(now) <= futureTolerance else { throw .message("Must not be in the future.") }
        guard date.timeIntervalSince1970 >= 0 else { throw .message("Must be after 1970.") }
        return fractional.string(from: date)
    }

    private static func subject(_ value: JSONValue, patientID: Int64) throws(FieldFailure) {
        guard case .object(let fields) = value, fields["reference"] == .string("Patient/\(patientID)") else {
            throw .message("Must be {\"reference\": \"Patient/\(patientID)\"}, the patient answering.")
        }
    }

    /// The assignment whose questionnaire `questionnaire` names (a canonical URL, with `|version` optionally).
    private static func assignment(_ value: JSONValue?, in assignments: [QuestionnaireAssignment]) throws(FieldFailure)
        -> (QuestionnaireAssignment, QuestionnaireDefinition)
    {
        guard let value else { throw .message(FieldReaders.required) }
        guard case .string(let canonical) = value else { throw .message("Expected the questionnaire's canonical URL.") }
        let parts = canonical.split(separator: "|", maxSplits: 1).map(String.init)
        guard
            let found = assignments.first(where: {
                $0.questionnaire.url == parts.first && (parts.count == 1 || $0.questionnaire.version == parts[1])
            })
        else { throw .message("Not a questionnaire assigned to this patient.") }
        guard let definition = try? QuestionnaireDefinition(found.questionnaire) else {
            throw .message("This questionnaire cannot be read by this server.")
        }
        return (found, definition)
    }

    /// Validates the answers against `definition`; the score.
    private static func items(_ value: JSONValue?, _ definition: QuestionnaireDefinition) throws(FieldFailure)
        -> Int64
    {
        let rawItems: [JSONValue]
        switch value {
        case nil: rawItems = []
        case .array(let array) where array.count <= maximumItems: rawItems = array
        case .array: throw .message("Ensure this field has no more than \(maximumItems) elements.")
        default: throw .message("Expected a list of items.")
        }
        let byLinkId = Dictionary(definition.items.map { ($0.linkId, $0) }, uniquingKeysWith: { first, _ in first })
        var errors: [String: FieldErrors] = [:]
        var answered: [String: Int] = [:]
        var score: Int64 = 0
        for (index, raw) in rawItems.enumerated() {
            do throws(FieldFailure) {
                guard case .object(let item) = raw else { throw .message("Expected an item object.") }
                var itemErrors = FieldErrorCollector()
                KnownFields.check(item, allowed: ["linkId", "text", "answer"], into: &itemErrors)
                guard case .string(let linkId) = item["linkId"] else {
                    itemErrors.add("linkId", "Expected the linkId of an item of \(definition.title).")
                    throw .nested(itemErrors.fields)
                }
                guard let defined = byLinkId[linkId] else {
                    itemErrors.add("linkId", "Item \"\(linkId)\" is not in \(definition.title).")
                    throw .nested(itemErrors.fields)
                }
                if let first = answered[linkId] {
                    itemErrors.add("linkId", "Item \"\(linkId)\" is answered twice (also item \(first)).")
                }
                answered[linkId] = answered[linkId] ?? index
                let value = itemErrors.read("answer") { () throws(FieldFailure) in
                    try Self.answer(item["answer"], defined)
                }
                guard itemErrors.isEmpty else { throw .nested(itemErrors.fields) }
                score += value ?? 0
            } catch {
                switch error {
                case .nested(let nested): errors[String(index)] = .nested(nested)
                case .message(let message): errors[String(index)] = .messages([message])
                }
            }
        }
        let missing = definition.items.filter { $0.required && answered[$0.linkId] == nil }.map {
            "Item \"\($0.linkId)\" (\($0.text)) is required and has no answer."
        }
        if !missing.isEmpty {
            if errors.isEmpty { throw .message(missing.joined(separator: " ")) }
            // "-" is the JSON pointer of the place after a list's last member (RFC 6901 §4): where they belong.
            errors["-"] = .messages(missing)
        }
        guard errors.isEmpty else { throw .nested(errors) }
        return score
    }

    /// One item's answer list: none (for an item that is not required) or one, of the item's type; the integer it
    /// adds to the score.
    private static func answer(_ value: JSONValue?, _ item: QuestionnaireDefinition.Item) throws(FieldFailure)
        -> Int64
    {
        let answers: [JSONValue]
        switch value {
        case nil: answers = []
        case .array(let array): answers = array
        default: throw .message("Item \"\(item.linkId)\": expected a list of answers.")
        }
        guard let first = answers.first else {
            if item.required { throw .message("Item \"\(item.linkId)\" is required: give one answer.") }
            return 0
        }
        guard answers.count == 1 else { throw .message("Item \"\(item.linkId)\" takes one answer.") }
        guard case .object(let answer) = first else {
            throw .nested(["0": .messages(["Item \"\(item.linkId)\": expected an answer object."])])
        }
        let member = item.type.valueMember
        guard answer.count == 1, let given = answer[member] else {
            let sent = answer.keys.sorted().joined(separator: ", ")
            throw .nested([
                "0": .messages([
                    "Item \"\(item.linkId)\" takes \(member) (type \(item.type.rawValue)); got \(sent.isEmpty ? "nothing" : sent)."
                ])
            ])
        }
        let wrong = { (detail: String) -> FieldFailure in
            .nested(["0": .nested([member: .messages(["Item \"\(item.linkId)\": \(detail)"])])])
        }
        switch (item.type, given) {
        case (.integer, .integer(let number)):
            if let range = item.range, !range.contains(number) {
                throw wrong("must be from \(range.lowerBound) to \(range.upperBound); got \(number).")
            }
            return number
        case (.string, .string(let text)):
            if let limit = item.maxLength, text.count > limit {
                throw wrong("must be at most \(limit) characters.")
            }
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw wrong("must not be blank.")
            }
            return 0
        case (.boolean, .bool):
            return 0
        default:
            throw wrong(
                "expected a JSON \(item.type == .string ? "string" : item.type.rawValue), got \(given.typeName)."
            )
        }
    }
}
