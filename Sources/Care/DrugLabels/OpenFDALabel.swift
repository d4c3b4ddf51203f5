import Clinical
import Foundation

/// One openFDA drug-label record (schema: shared/data/openfda/druglabel_schema.json; nutrition.md §3.2): its ids,
/// the harmonised `openfda` names, and the label sections KidneyHub reads for food-related text. Every section is an
/// array of strings; the `openfda` block may be empty `{}`.
public struct OpenFDALabel: Sendable, Equatable, Decodable {
    /// The harmonised fields KidneyHub uses (all optional arrays, nutrition.md §3.2).
    public struct Harmonised: Sendable, Equatable, Decodable {
        public var generic_name: [String]?
        public var brand_name: [String]?
        public var substance_name: [String]?
        public var rxcui: [String]?
    }

    /// The SPL document id (changes with each version).
    public var id: String?
    /// The SPL set id (stable across versions).
    public var set_id: String?
    /// The label version.
    public var version: String?
    /// The effective date as written (`YYYYMMDD`).
    public var effective_time: String?
    /// The harmonised names; nil or empty when openFDA did not harmonise the label.
    public var openfda: Harmonised?
    /// The sections read, by openFDA field name, in `OpenFDALabel.foodSections` order.
    public var sections: [String: [String]]

    /// The sections searched for food-related text, with their SPL LOINC section codes
    /// (shared/data/openfda/spl_sections_loinc.csv).
    public static let foodSections: [(field: String, loinc: String, title: String)] = [
        ("boxed_warning", "34066-1", "Boxed Warning"),
        ("contraindications", "34070-3", "Contraindications"),
        ("dosage_and_administration", "34068-7", "Dosage & Administration"),
        ("drug_interactions", "34073-7", "Drug Interactions"),
        ("warnings_and_cautions", "43685-7", "Warnings and cautions"),
        ("warnings", "34071-1", "Warnings"),
        ("precautions", "42232-9", "Precautions"),
        ("information_for_patients", "34076-0", "Information for Patients"),
        ("patient_medication_information", "68498-5", "Patient Medication Information"),
        ("spl_patient_package_insert", "42230-3", "SPL Patient Package Insert"),
        ("spl_medguide", "42231-1", "SPL Medguide"),
    ]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        id = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "id"))
        set_id = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "set_id"))
        version = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "version"))
        effective_time = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "effective_time"))
        openfda = try container.decodeIfPresent(Harmonised.self, forKey: Key(stringValue: "openfda"))
        var sections: [String: [String]] = [:]
        for section in Self.foodSections {
            if let texts = try container.decodeIfPresent([String].self, forKey: Key(stringValue: section.field)) {
                sections[section.field] = texts
            }
        }
        self.sections = sections
    }

    /// The drug names the label gives: generic, substance and brand names (harmonised fields only).
    public var drugNames: [String] {
        (openfda?.generic_name ?? []) + (openfda?.substance_name ?? []) + (openfda?.brand_name ?? [])
    }
}

/// An openFDA response: `{"meta": …, "results": [record, …]}` (nutrition.md §3.2).
public struct OpenFDALabelResponse: Sendable, Decodable {
    /// The records.
    public var results: [OpenFDALabel]
}

/// Why an openFDA file was refused, with where.
public struct OpenFDALabelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong and where.
    public var description: String

    /// The error for a decoding failure, naming the JSON path.
    public init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .typeMismatch(let type, let context):
            description = "at \(path(context)): expected \(type) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            description = "at \(path(context)): missing \(type)"
        case .keyNotFound(let key, let context):
            description = "at \(path(context)): no '\(key.stringValue)' (an openFDA response has 'results')"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // The whole file failed to parse: no path to name, so say what the file should have been.
            description =
                "not an openFDA drug label file (expected the JSON of an openFDA /drug/label.json response): "
                + "\(context.underlyingError.map { "\($0)" } ?? context.debugDescription)"
        case .dataCorrupted(let context):
            description = "at \(path(context)): \(context.debugDescription)"
        @unknown default:
            description = "\(error)"
        }
    }

    /// A plain error.
    public init(message: String) { description = message }

    /// Decodes an openFDA response, or a typed error naming the path of what was wrong.
    public static func decode(_ data: Data) throws(OpenFDALabelError) -> [OpenFDALabel] {
        do {
            return try JSONDecoder().decode(OpenFDALabelResponse.self, from: data).results
        } catch let error as DecodingError {
            throw OpenFDALabelError(error)
        } catch {
            throw OpenFDALabelError(message: "\(error)")
        }
    }
}
