import Foundation

/// Transaction Bundles written by hand, as a hub other than ours might send them: weights in kilograms and a
/// blood-pressure panel, with the LOINC codes of FHIR R4's vital-signs profile (29463-7 body weight, 85354-9 blood
/// pressure panel with 8480-6 systolic and 8462-4 diastolic).
enum SyncBundles {
    /// One weight Observation entry for `patient` (`Patient/<id>`), identified by `key`.
    static func weight(_ key: String, kilograms: Double, at time: String, patient: String) -> [String: Any] {
        [
            "fullUrl": "urn:uuid:\(UUID().uuidString.lowercased())",
            "resource": [
                "resourceType": "Observation",
                "identifier": [["system": "urn:kidneyhub:measurement", "value": key]],
                "status": "final",
                "code": ["coding": [["system": "http://loinc.org", "code": "29463-7", "display": "Body weight"]]],
                "subject": ["reference": patient],
                "effectiveDateTime": time,
                "valueQuantity": [
                    "value": kilograms, "unit": "kg", "system": "http://unitsofmeasure.org", "code": "kg",
                ],
            ] as [String: Any],
            "request": [
                "method": "POST", "url": "Observation", "ifNoneExist": "identifier=urn:kidneyhub:measurement|\(key)",
            ],
        ]
    }

    /// A blood-pressure panel entry (components, no single value).
    static func bloodPressure(_ key: String, _ systolic: Double, _ diastolic: Double, at time: String, patient: String)
        -> [String: Any]
    {
        func component(_ code: String, _ value: Double) -> [String: Any] {
            [
                "code": ["coding": [["system": "http://loinc.org", "code": code]]],
                "valueQuantity": [
                    "value": value, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]",
                ],
            ]
        }
        return [
            "resource": [
                "resourceType": "Observation",
                "identifier": [["system": "urn:kidneyhub:measurement", "value": key]],
                "status": "final",
                "code": ["coding": [["system": "http://loinc.org", "code": "85354-9"]]],
                "subject": ["reference": patient],
                "effectiveDateTime": time,
                "component": [component("8480-6", systolic), component("8462-4", diastolic)],
            ] as [String: Any],
            "request": [
                "method": "POST", "url": "Observation", "ifNoneExist": "identifier=urn:kidneyhub:measurement|\(key)",
            ],
        ]
    }

    /// A dose entry (MedicationAdministration) for `patient` with FHIR status `status` (`completed`, `not-done`).
    static func dose(_ key: String, status: String, at time: String, patient: String) -> [String: Any] {
        [
            "resource": [
                "resourceType": "MedicationAdministration",
                "identifier": [["system": "urn:kidneyhub:dose", "value": key]],
                "status": status,
                "medicationCodeableConcept": ["text": "Sevelamer 800 mg"],
                "subject": ["reference": patient],
                "effectiveDateTime": time,
            ] as [String: Any],
            "request": [
                "method": "POST", "url": "MedicationAdministration",
                "ifNoneExist": "identifier=urn:kidneyhub:dose|\(key)",
            ],
        ]
    }

    /// The Bundle's JSON text.
    static func transaction(_ entries: [[String: Any]]) throws -> String {
        let bundle: [String: Any] = ["resourceType": "Bundle", "type": "transaction", "entry": entries]
        return String(decoding: try JSONSerialization.data(withJSONObject: bundle), as: UTF8.self)
    }
}
