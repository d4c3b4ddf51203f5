import CareServerStore
import Foundation

/// What the server needs of a stored FHIR R4 `Questionnaire` to validate and score an answer: its items, each with
/// its linkId, answer type, whether it is required, and for integer items the range of FHIR's `minValue` and
/// `maxValue` extensions (http://hl7.org/fhir/StructureDefinition/minValue, …/maxValue).
struct QuestionnaireDefinition: Sendable, Equatable {
    /// The answer types this server takes (FHIR R4 `item-type` codes).
    enum ItemType: String, Sendable {
        case integer, string, boolean

        /// The `QuestionnaireResponse.item.answer.value[x]` member of this type.
        var valueMember: String {
            switch self {
            case .integer: "valueInteger"
            case .string: "valueString"
            case .boolean: "valueBoolean"
            }
        }
    }

    struct Item: Sendable, Equatable {
        var linkId: String
        var text: String
        var type: ItemType
        var required: Bool
        /// For integer items: the allowed answers.
        var range: ClosedRange<Int64>?
        /// For string items: the longest answer.
        var maxLength: Int?
    }

    var url: String
    var version: String
    var title: String
    var items: [Item]

    static let minValueURL = "http://hl7.org/fhir/StructureDefinition/minValue"
    static let maxValueURL = "http://hl7.org/fhir/StructureDefinition/maxValue"

    /// The symptom score's definition, stated once: the sum of the answers to every integer item; the highest
    /// possible score is the sum of their maxima. Higher means more symptom burden.
    static let scoreDefinition =
        "The sum of the answers to every integer item of the questionnaire (0 = no symptoms); higher is worse."

    /// The highest possible score.
    var maximumScore: Int64 { items.filter { $0.type == .integer }.compactMap(\.range?.upperBound).reduce(0, +) }

    /// Reads a stored questionnaire; an item of a type this server does not take makes it unreadable (the library is
    /// seeded by migrations, so that is a programming error, reported as such).
    init(_ stored: StoredQuestionnaire) throws {
        guard
            case .object(let resource) = try JSONDecoder().decode(JSONValue.self, from: Data(stored.resourceJSON.utf8)),
            case .array(let rawItems) = resource["item"]
        else { throw StoreError.unreadable("questionnaire \(stored.id)") }
        url = stored.url
        version = stored.version
        title = stored.title
        items = try rawItems.map { raw throws -> Item in
            guard case .object(let item) = raw, case .string(let linkId) = item["linkId"],
                case .string(let typeCode) = item["type"], let type = ItemType(rawValue: typeCode)
            else { throw StoreError.unreadable("questionnaire \(stored.id) item") }
            var minimum: Int64?
            var maximum: Int64?
            if case .array(let extensions) = item["extension"] {
                for case .object(let e) in extensions {
                    guard case .integer(let value) = e["valueInteger"] else { continue }
                    if e["url"] == .string(Self.minValueURL) { minimum = value }
                    if e["url"] == .string(Self.maxValueURL) { maximum = value }
                }
            }
            var maxLength: Int?
            if case .integer(let length) = item["maxLength"] { maxLength = Int(length) }
            var text = ""
            if case .string(let t) = item["text"] { text = t }
            return Item(
                linkId: linkId,
                text: text,
                type: type,
                required: item["required"] == .bool(true),
                range: minimum.flatMap { low in maximum.map { low...$0 } },
                maxLength: maxLength
            )
        }
    }
}
