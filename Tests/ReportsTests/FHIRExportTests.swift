import Foundation
import HubCore
import HubStore
import Reports
import SampleData
import TestSupport
import Testing

@Suite struct FHIRExportTests {
    /// The expected coding of each exported observation, written out from formats.md §3.1 (not from the code):
    /// LOINC code → (category, UCUM code of the value or the components).
    static let expected: [String: (category: String, ucum: String)] = [
        "29463-7": ("vital-signs", "kg"),  // body weight
        "85354-9": ("vital-signs", "mm[Hg]"),  // blood-pressure panel (components)
        "8867-4": ("vital-signs", "/min"),  // heart rate
        "41653-7": ("laboratory", "mg/dL"),  // glucose, capillary glucometer
        "2823-3": ("laboratory", "mmol/L"),  // potassium
        "2777-1": ("laboratory", "mg/dL"),  // phosphate
        "1751-7": ("laboratory", "g/dL"),  // albumin
        "718-7": ("laboratory", "g/dL"),  // hemoglobin
        "2160-0": ("laboratory", "mg/dL"),  // creatinine
        "17861-6": ("laboratory", "mg/dL"),  // calcium
        "2951-2": ("laboratory", "mmol/L"),  // sodium
    ]
    static let components = ["8480-6": "mm[Hg]", "8462-4": "mm[Hg]"]
    static let intakeUnits = ["potassium": "mg", "phosphorus": "mg", "sodium": "mg", "protein": "g", "fluid": "mL"]

    private func validate(_ path: String) async throws -> CommandResult {
        let python = "\(Fixture.repositoryRoot)/.venv-fhir/bin/python"
        #expect(FileManager.default.isExecutableFile(atPath: python), "run scripts/setup.sh: it makes .venv-fhir")
        return try await CommandResult.run(
            python,
            ["\(Fixture.repositoryRoot)/Tests/fhir/validate_bundle.py", path],
            timeout: .seconds(120)
        )
    }

    @Test func theBundlePassesR4ValidationAndItsCodesAndUnitsMatchTheTable() async throws {
        let fixture = try await Fixture.make(days: 14)
        defer { fixture.remove() }
        let input = try await FHIRExportInput.load(fixture.store, profile: fixture.written.profile)
        let (bundle, skipped) = FHIRBundleBuilder.bundle(input)
        #expect(skipped.isEmpty)
        let path = fixture.path("bundle.json")
        try bundle.text().write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await validate(path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"valid\": true"))

        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        )
        #expect(json["resourceType"] as? String == "Bundle")
        let resources = (json["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        #expect(resources.first?["resourceType"] as? String == "Patient")
        var seen = Set<String>()
        var intakeSeen = Set<String>()
        for resource in resources where resource["resourceType"] as? String == "Observation" {
            let coding = try #require(((resource["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first)
            let category = ((resource["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first
            let system = coding["system"] as? String
            let code = try #require(coding["code"] as? String)
            if system == "https://kidneyhub.org/fhir/CodeSystem/daily-intake" {
                let quantity = try #require(resource["valueQuantity"] as? [String: Any])
                #expect(quantity["code"] as? String == Self.intakeUnits[code], "intake \(code)")
                #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
                intakeSeen.insert(code)
                continue
            }
            #expect(system == "http://loinc.org")
            let expected = try #require(Self.expected[code], "unexpected LOINC \(code)")
            seen.insert(code)
            #expect(category?["code"] as? String == expected.category, "category of \(code)")
            #expect(category?["system"] as? String == "http://terminology.hl7.org/CodeSystem/observation-category")
            if code == "85354-9" {
                let parts = try #require(resource["component"] as? [[String: Any]])
                #expect(parts.count == 2)
                for part in parts {
                    let partCode = try #require(
                        ((part["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
                    )
                    let quantity = try #require(part["valueQuantity"] as? [String: Any])
                    #expect(quantity["code"] as? String == Self.components[partCode], "component \(partCode)")
                }
                #expect(resource["valueQuantity"] == nil)
            } else {
                let quantity = try #require(resource["valueQuantity"] as? [String: Any])
                #expect(quantity["code"] as? String == expected.ucum, "unit of \(code)")
                #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
            }
        }
        #expect(seen == Set(Self.expected.keys))
        #expect(intakeSeen == Set(Self.intakeUnits.keys))
        // Pre- and post-dialysis weights carry their phase.
        let phases = resources.compactMap { ($0["extension"] as? [[String: Any]])?.first?["valueCode"] as? String }
        #expect(Set(phases).isSuperset(of: ["pre", "post"]))
        // The export is repeatable byte for byte.
        #expect(FHIRBundleBuilder.bundle(input).bundle.text() == bundle.text())
    }

    @Test func theValidatorRefusesABrokenBundle() async throws {
        let directory = NSTemporaryDirectory() + "kh-fhir-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // An Observation without its required status, and a dateTime that is not one.
        let broken = """
            {"resourceType":"Bundle","type":"collection","entry":[{"fullUrl":"urn:uuid:0b9a1d8e-4c1f-4f5e-9a47-6c2c4a1b2d3e",
             "resource":{"resourceType":"Observation","code":{"text":"x"},"effectiveDateTime":"2026-13-01"}}]}
            """
        try broken.write(toFile: "\(directory)/broken.json", atomically: true, encoding: .utf8)
        let result = try await validate("\(directory)/broken.json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("status"))
    }
}
