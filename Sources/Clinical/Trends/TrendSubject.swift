import Foundation
import HubCore

/// What a trend can be drawn of: a lab, or a kind of device reading; parsed from the word `kidneyhub trends` takes.
public enum TrendSubject: Sendable, Hashable {
    /// A lab from the catalog, by its id (`potassium`, `egfr`, …).
    case lab(LabAnalyte)
    /// Body weight.
    case weight
    /// Blood pressure: systolic and diastolic, two series.
    case bloodPressure
    /// Heart rate.
    case heartRate
    /// Blood glucose from a glucometer (the lab `glucose` is a lab result).
    case bloodGlucose
    /// β-hydroxybutyrate from a ketone strip in a glucometer, mmol/L.
    case bloodKetone

    /// The words for device readings, in the order they are listed.
    public static let readingKinds = ["weight", "blood_pressure", "heart_rate", "blood_glucose", "blood_ketone"]

    /// Every accepted word: the lab ids of `catalog`, then the device-reading kinds.
    public static func acceptedKinds(catalog: LabCatalog = .standard) -> [String] {
        catalog.ids + readingKinds
    }

    /// The subject a word names (letter case ignored), or nil.
    public init?(kind text: String, catalog: LabCatalog = .standard) {
        switch text.lowercased() {
        case "weight": self = .weight
        case "blood_pressure": self = .bloodPressure
        case "heart_rate": self = .heartRate
        case "blood_glucose": self = .bloodGlucose
        case "blood_ketone": self = .bloodKetone
        default:
            guard let lab = catalog.analyte(id: text) else { return nil }
            self = .lab(lab)
        }
    }

    /// The word that names the subject.
    public var id: String {
        switch self {
        case .lab(let lab): lab.id
        case .weight: "weight"
        case .bloodPressure: "blood_pressure"
        case .heartRate: "heart_rate"
        case .bloodGlucose: "blood_glucose"
        case .bloodKetone: "blood_ketone"
        }
    }

    /// The name shown to people.
    public var displayName: String {
        switch self {
        case .lab(let lab): lab.displayName
        case .weight: "Weight"
        case .bloodPressure: "Blood pressure"
        case .heartRate: "Heart rate"
        case .bloodGlucose: "Blood glucose"
        case .bloodKetone: "Blood ketone (β-hydroxybutyrate)"
        }
    }

    /// The stored measurement kind for device readings; nil for labs.
    public var measurementKind: MeasurementKind? {
        switch self {
        case .lab: nil
        case .weight: .bodyWeight
        case .bloodPressure: .bloodPressure
        case .heartRate: .heartRate
        case .bloodGlucose: .bloodGlucose
        case .bloodKetone: .bloodKetone
        }
    }

    /// The series drawn: one named after the subject, or a series per component (systolic, diastolic).
    public var seriesNames: [String] {
        self == .bloodPressure ? ["systolic", "diastolic"] : [id]
    }

    /// The unit-table analyte that bridges this subject's units (glucose mg/dL ↔ mmol/L), if any.
    public var analyte: Analyte? {
        switch self {
        case .lab(let lab): lab.analyte
        case .bloodGlucose: .glucose
        default: nil
        }
    }

    /// The UCUM unit values are shown in: the profile's choice for weight and glucose (lab or device), else the
    /// canonical unit.
    public func displayUnit(_ units: DisplayUnits) -> String {
        switch self {
        case .lab(let lab): lab.analyte == .glucose ? units.glucose.ucum : lab.canonicalUnit.code
        case .weight: units.weight.ucum
        case .bloodPressure: MeasurementKind.bloodPressure.canonicalUnit
        case .heartRate: MeasurementKind.heartRate.canonicalUnit
        case .bloodGlucose: units.glucose.ucum
        case .bloodKetone: MeasurementKind.bloodKetone.canonicalUnit
        }
    }

    /// Decimals a value in `unit` is shown with: the lab's convention for lab units, else by kind.
    public func decimals(unit: String) -> Int {
        if case .lab(let lab) = self, let labUnit = lab.units.first(where: { $0.code == unit }) {
            return labUnit.decimals
        }
        switch self {
        case .weight: return 1
        case .bloodGlucose, .lab: return unit == "mmol/L" ? 1 : 0
        case .bloodPressure, .heartRate: return 0
        // Ketone meters show one decimal (0.6 mmol/L; FreeStyle Neo owner's manual).
        case .bloodKetone: return 1
        }
    }

    /// Readings as they are for labs and heart rate; one mean per local day for weight, blood pressure and glucose.
    public func aggregation(in timeZone: TimeZone) -> TrendAggregation {
        switch self {
        case .weight, .bloodPressure, .bloodGlucose: .dailyMean(timeZone)
        case .lab, .heartRate, .bloodKetone: .readings
        }
    }
}
