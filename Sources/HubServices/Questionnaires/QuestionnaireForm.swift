import Foundation
import HubRecords

/// An assigned questionnaire as the patient fills it in: its items read from the FHIR R4 `Questionnaire` the hub
/// pulled (linkId, question, answer type, whether required, and for integer items the range of FHIR's `minValue`
/// and `maxValue` extensions), the same reading the server validates with.
public struct QuestionnaireForm: Sendable, Equatable {
    /// One question.
    public struct Item: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case integer, string, boolean
        }

        public var linkId: String
        public var text: String
        public var kind: Kind
        public var required: Bool
        /// For integer items: the allowed answers.
        public var range: ClosedRange<Int64>?
        /// For text items: the longest answer.
        public var maxLength: Int?
    }

    public var assignmentId: Int64
    public var url: String
    public var version: String
    public var title: String
    public var description: String
    public var items: [Item]

    /// A JSON number read by `JSONSerialization` as a whole number (an `Int` or an `NSNumber`, by platform).
    static func integer(_ value: Any?) -> Int64? {
        if let number = value as? Int { return Int64(number) }
        if let number = value as? Int64 { return number }
        if let number = value as? NSNumber, number.doubleValue == number.doubleValue.rounded() {
            return number.int64Value
        }
        return nil
    }

    static let minValueURL = "http://hl7.org/fhir/StructureDefinition/minValue"
    static let maxValueURL = "http://hl7.org/fhir/StructureDefinition/maxValue"

    /// Reads a pulled questionnaire; items of a type the hub does not ask (display, choice…) are left out, and a
    /// questionnaire with a required item of such a type cannot be answered here (nil).
    public init?(_ pulled: CareTeamQuestionnaire) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(pulled.resourceJSON.utf8)) as? [String: Any],
            let rawItems = object["item"] as? [[String: Any]]
        else { return nil }
        var items: [Item] = []
        for raw in rawItems {
            guard let linkId = raw["linkId"] as? String else { return nil }
            let required = raw["required"] as? Bool ?? false
            guard let kind = (raw["type"] as? String).flatMap(Item.Kind.init(rawValue:)) else {
                if required { return nil }
                continue
            }
            var minimum: Int64?
            var maximum: Int64?
            for e in raw["extension"] as? [[String: Any]] ?? [] {
                guard let value = Self.integer(e["valueInteger"]) else { continue }
                if e["url"] as? String == Self.minValueURL { minimum = value }
                if e["url"] as? String == Self.maxValueURL { maximum = value }
            }
            items.append(
                Item(
                    linkId: linkId,
                    text: raw["text"] as? String ?? linkId,
                    kind: kind,
                    required: required,
                    range: minimum.flatMap { low in maximum.map { low...$0 } },
                    maxLength: Self.integer(raw["maxLength"]).map { Int($0) }
                )
            )
        }
        assignmentId = pulled.assignmentId
        url = pulled.url
        version = pulled.version
        title = pulled.title
        description = object["description"] as? String ?? ""
        self.items = items
    }

    /// The answers as FHIR `answer` values by linkId, and the symptom score (the sum of the integer answers, as the
    /// server defines it), from text as typed (`answers` by linkId; blank is no answer). Every refusal names the
    /// item.
    public func validate(_ answers: [String: String]) throws(QuestionnaireAnswerError)
        -> (values: [(linkId: String, value: Any)], score: Int64)
    {
        let known = Set(items.map(\.linkId))
        if let unknown = answers.keys.sorted().first(where: { !known.contains($0) }) {
            throw .unknownItem(linkId: unknown)
        }
        var values: [(linkId: String, value: Any)] = []
        var score: Int64 = 0
        for item in items {
            let text = (answers[item.linkId] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else {
                if item.required { throw .missing(linkId: item.linkId, text: item.text) }
                continue
            }
            switch item.kind {
            case .integer:
                guard let number = Int64(text), item.range.map({ $0.contains(number) }) ?? true else {
                    throw .outOfRange(linkId: item.linkId, text: item.text, range: item.range, given: text)
                }
                values.append((item.linkId, number))
                score += number
            case .string:
                if let limit = item.maxLength, text.count > limit {
                    throw .tooLong(linkId: item.linkId, limit: limit)
                }
                values.append((item.linkId, text))
            case .boolean:
                guard let yes = ["yes": true, "true": true, "no": false, "false": false][text.lowercased()] else {
                    throw .notYesOrNo(linkId: item.linkId, given: text)
                }
                values.append((item.linkId, yes))
            }
        }
        return (values, score)
    }
}

/// Why answers were refused, naming the item by its linkId.
public enum QuestionnaireAnswerError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(linkId: String, text: String)
    case outOfRange(linkId: String, text: String, range: ClosedRange<Int64>?, given: String)
    case tooLong(linkId: String, limit: Int)
    case notYesOrNo(linkId: String, given: String)
    case unknownItem(linkId: String)

    /// The item the refusal is about.
    public var linkId: String {
        switch self {
        case .missing(let id, _), .outOfRange(let id, _, _, _), .tooLong(let id, _), .notYesOrNo(let id, _),
            .unknownItem(let id):
            id
        }
    }

    public var description: String {
        switch self {
        case .missing(let id, let text): "\(id) (\(text)) needs an answer"
        case .outOfRange(let id, _, let range, let given):
            "\(id): \"\(given)\" is not a whole number"
                + (range.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? "")
        case .tooLong(let id, let limit): "\(id): at most \(limit) characters"
        case .notYesOrNo(let id, let given): "\(id): \"\(given)\" is not yes or no"
        case .unknownItem(let id): "\(id) is not a question of this questionnaire"
        }
    }
}
