import Care
import Foundation
import HubCore
import Testing

/// The openFDA importer reads records shaped by the openFDA schema and extracts food-related sentences for review.
@Suite struct OpenFDALabelTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/openfda/druglabel_schema.json")

    /// Food-related text for some sections; every other array-of-string property gets neutral text.
    static let sectionTexts: [String: [String]] = [
        "drug_interactions": [
            "7 DRUG INTERACTIONS 7.1 CYP3A Inhibitors Grapefruit juice increases tacrolimus trough concentrations. "
                + "Avoid grapefruit and grapefruit juice. 7.2 Other drugs may interact."
        ],
        "dosage_and_administration": ["2 DOSAGE AND ADMINISTRATION Take with food or shortly after a meal."],
        "information_for_patients": ["Tell patients to avoid alcohol. Keep all appointments."],
    ]

    /// An openFDA response of one record generated from the schema: every property the schema types as an array
    /// of strings is filled, `openfda` gets each of its array fields, scalars get values.
    static func generatedResponse(openfda: Bool = true) throws -> Data {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any]
        let properties = try #require(schema?["properties"] as? [String: Any])
        var record: [String: Any] = [:]
        for (name, value) in properties {
            guard let property = value as? [String: Any] else { continue }
            let type = property["type"] as? String
            if type == "array", (property["items"] as? [String: Any])?["type"] as? String == "string" {
                record[name] = sectionTexts[name] ?? ["Section \(name) text."]
            } else if type == "string" {
                record[name] = name == "effective_time" ? "20250115" : "value-\(name)"
            } else if name == "openfda", openfda, let fields = property["properties"] as? [String: Any] {
                var block: [String: Any] = [:]
                for (field, spec) in fields {
                    let items = ((spec as? [String: Any])?["items"] as? [String: Any])?["type"] as? String
                    block[field] = items == "boolean" ? [true] : ["\(field.uppercased())"]
                }
                block["generic_name"] = ["TACROLIMUS"]
                block["brand_name"] = ["PROGRAF"]
                record[name] = block
            } else if name == "openfda" {
                record[name] = [String: Any]()
            }
        }
        record["set_id"] = "8d1a1f3b-0000-4000-8000-000000000001"
        record["version"] = "7"
        let response: [String: Any] = [
            "meta": ["disclaimer": "test", "results": ["skip": 0, "limit": 1, "total": 1]], "results": [record],
        ]
        return try JSONSerialization.data(withJSONObject: response)
    }

    @Test func theSchemaHasTheSectionsTheImporterReads() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any]
        let properties = try #require(schema?["properties"] as? [String: Any])
        #expect(properties.count == 179)
        for section in OpenFDALabel.foodSections {
            #expect(properties[section.field] != nil, "\(section.field) is not in the schema")
        }
    }

    @Test func aGeneratedRecordIsReadAndItsFoodSentencesExtracted() throws {
        let labels = try OpenFDALabelError.decode(try Self.generatedResponse())
        #expect(labels.count == 1)
        let label = labels[0]
        #expect(label.set_id == "8d1a1f3b-0000-4000-8000-000000000001")
        #expect(label.effective_time == "20250115")
        #expect(label.openfda?.generic_name == ["TACROLIMUS"])
        let mentions = LabelFoodTextExtractor.mentions(in: label)
        let grapefruit = mentions.filter { $0.term == "grapefruit" }
        #expect(
            grapefruit.map(\.sentence) == [
                "7 DRUG INTERACTIONS 7.1 CYP3A Inhibitors Grapefruit juice increases tacrolimus trough concentrations.",
                "Avoid grapefruit and grapefruit juice.",
            ]
        )
        #expect(grapefruit.allSatisfy { $0.section == "drug_interactions" && $0.loinc == "34073-7" })
        #expect(mentions.contains { $0.term == "with food" && $0.loinc == "34068-7" })
        #expect(mentions.contains { $0.term == "alcohol" && $0.section == "information_for_patients" })
        #expect(!mentions.contains { $0.sentence == "Keep all appointments." })
        #expect(mentions.allSatisfy { $0.drugNames.contains("TACROLIMUS") })
        // The neutral text of other sections mentions nothing.
        #expect(!mentions.contains { $0.sentence.hasPrefix("Section ") })
    }

    @Test func anEmptyOpenFDABlockIsAccepted() throws {
        let labels = try OpenFDALabelError.decode(try Self.generatedResponse(openfda: false))
        #expect(labels[0].drugNames.isEmpty)
        #expect(!LabelFoodTextExtractor.mentions(in: labels[0]).isEmpty)
    }

    @Test func aSectionThatIsNotAnArrayIsRefusedWithItsPath() throws {
        let bad = Data(#"{"results": [{"set_id": "x", "drug_interactions": "Avoid grapefruit."}]}"#.utf8)
        #expect(throws: OpenFDALabelError.self) { try OpenFDALabelError.decode(bad) }
        do {
            _ = try OpenFDALabelError.decode(bad)
        } catch {
            #expect(error.description.contains("results[0].drug_interactions"))
        }
        let notJSON = Data("not json".utf8)
        #expect(throws: OpenFDALabelError.self) { try OpenFDALabelError.decode(notJSON) }
        // A file that is not JSON at all says what it should have been, not an empty location (issue 21).
        do {
            _ = try OpenFDALabelError.decode(notJSON)
        } catch {
            #expect(error.description.hasPrefix("not an openFDA drug label file"), "\(error)")
            #expect(!error.description.contains("at :"), "\(error)")
        }
        let noResults = Data(#"{"meta": {}}"#.utf8)
        do {
            _ = try OpenFDALabelError.decode(noResults)
            Issue.record("a response without results was accepted")
        } catch {
            #expect(error.description.contains("results"))
        }
    }
}
