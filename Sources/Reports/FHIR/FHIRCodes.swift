import HubCore

/// The LOINC codes and UCUM units of the observations KidneyHub exports (formats.md §3.1, sources per row there).
public enum FHIRCodes {
    public static let loincSystem = "http://loinc.org"
    public static let ucumSystem = "http://unitsofmeasure.org"
    public static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"
    /// KidneyHub's own code system for daily intake totals, which LOINC has no verified codes for (docs/export-format.md).
    public static let intakeSystem = "https://kidneyhub.org/fhir/CodeSystem/daily-intake"
    /// The extension carrying a body weight's dialysis phase (pre, post, intra, none).
    public static let dialysisPhaseExtension = "https://kidneyhub.org/fhir/StructureDefinition/dialysis-phase"
    /// Identifier systems for the hub's stable ids, so a re-export can be matched (formats.md §3.6).
    public static let measurementIdentifierSystem = "urn:kidneyhub:measurement"
    public static let labIdentifierSystem = "urn:kidneyhub:lab"
    public static let intakeIdentifierSystem = "urn:kidneyhub:intake"
    /// The identifier system of a URI, here a Patient's `urn:uuid:` (FHIR R4 Identifier, "urn:ietf:rfc:3986").
    public static let uriIdentifierSystem = "urn:ietf:rfc:3986"

    /// A device reading's coding: LOINC code, display, the category, and the UCUM code and printed unit of its value.
    public struct ReadingCode: Sendable, Equatable {
        public var loinc: String
        public var display: String
        public var category: String
        public var ucum: String
        public var unit: String
    }

    /// The codes for each exported reading kind in its canonical unit; kinds without a verified code are left out.
    public static func reading(_ kind: MeasurementKind) -> ReadingCode? {
        switch kind {
        // formats.md §3.1 rows "Body weight", "Body height" (R4 vital-sign result value set).
        case .bodyWeight:
            ReadingCode(loinc: "29463-7", display: "Body weight", category: "vital-signs", ucum: "kg", unit: "kg")
        case .bodyHeight:
            ReadingCode(loinc: "8302-2", display: "Body height", category: "vital-signs", ucum: "cm", unit: "cm")
        // formats.md §3.1 "BP panel"; its components below.
        case .bloodPressure:
            ReadingCode(
                loinc: "85354-9",
                display: "Blood pressure panel with all children optional",
                category: "vital-signs",
                ucum: "mm[Hg]",
                unit: "mmHg"
            )
        case .heartRate:
            ReadingCode(
                loinc: "8867-4",
                display: "Heart rate",
                category: "vital-signs",
                ucum: "/min",
                unit: "beats/minute"
            )
        case .restingHeartRate:
            ReadingCode(
                loinc: "40443-4",
                display: "Heart rate --resting",
                category: "vital-signs",
                ucum: "/min",
                unit: "beats/minute"
            )
        // formats.md §3.1 "Glucose, capillary glucometer" (41653-7, mg/dL): home meters measure capillary blood.
        case .bloodGlucose:
            ReadingCode(
                loinc: "41653-7",
                display: "Glucose [Mass/volume] in Capillary blood by Glucometer",
                category: "laboratory",
                ucum: "mg/dL",
                unit: "mg/dL"
            )
        // LOINC 66441-7 "Beta hydroxybutyrate [Moles/volume] in Blood by Test strip": the code point-of-care
        // ketone meters report under (e.g. UnityPoint Health's test catalogue for BHB on the Abbott FreeStyle
        // Precision Pro, fingerstick blood accepted; OMOP concept 40769111). LOINC has no capillary-only BHB code.
        case .bloodKetone:
            ReadingCode(
                loinc: "66441-7",
                display: "Beta hydroxybutyrate [Moles/volume] in Blood by Test strip",
                category: "laboratory",
                ucum: "mmol/L",
                unit: "mmol/L"
            )
        // formats.md §3.2: 2708-6 and 8310-5 are in the R4 vital-sign value set.
        case .oxygenSaturation:
            ReadingCode(
                loinc: "2708-6",
                display: "Oxygen saturation in Arterial blood",
                category: "vital-signs",
                ucum: "%",
                unit: "%"
            )
        case .bodyTemperature:
            ReadingCode(loinc: "8310-5", display: "Body temperature", category: "vital-signs", ucum: "Cel", unit: "°C")
        // formats.md §3.1 "Daily steps"; not a vital sign (§3.2: category activity).
        case .steps:
            ReadingCode(
                loinc: "41950-7",
                display: "Number of steps in 24 hour Measured",
                category: "activity",
                ucum: "{steps}",
                unit: "steps"
            )
        // Imported intake and activity kinds (issue 7) have no verified code in formats.md §3.1 either; the
        // intake log's daily totals are exported in KidneyHub's own code system instead.
        case .bodyFat, .distance, .activeEnergy, .sleep, .dietaryWater, .dietaryPotassium, .dietarySodium,
            .dietaryPhosphorus, .dietaryProtein, .totalEnergy, .workout:
            nil
        }
    }

    /// Blood-pressure component codes (formats.md §3.1): systolic 8480-6, diastolic 8462-4.
    public static let bloodPressureComponents: [(component: String, loinc: String, display: String)] = [
        ("systolic", "8480-6", "Systolic blood pressure"),
        ("diastolic", "8462-4", "Diastolic blood pressure"),
    ]
}
