import Foundation
import Testing

@testable import HubCore

/// The kind table of adapter-protocol.md §5.2.
struct MeasurementKindTests {
    @Test func rawValuesAreTheProtocolNames() {
        #expect(
            MeasurementKind.allCases.map(\.rawValue) == [
                "body_weight", "body_height", "body_fat", "blood_pressure", "heart_rate", "resting_heart_rate",
                "blood_glucose", "blood_ketone", "oxygen_saturation", "body_temperature", "steps", "distance",
                "active_energy", "sleep", "dietary_water", "dietary_potassium", "dietary_sodium", "dietary_phosphorus",
                "dietary_protein",
                "total_energy", "workout",
            ]
        )
    }

    @Test func canonicalUnitIsTheFirstAccepted() {
        #expect(MeasurementKind.bodyWeight.canonicalUnit == "kg")
        #expect(MeasurementKind.bloodPressure.canonicalUnit == "mm[Hg]")
        #expect(MeasurementKind.bloodGlucose.canonicalUnit == "mg/dL")
        #expect(MeasurementKind.bloodKetone.acceptedUnits == ["mmol/L"])
        #expect(MeasurementKind.distance.canonicalUnit == "m")
        #expect(MeasurementKind.sleep.canonicalUnit == "min")
    }

    @Test func onlyBloodPressureHasComponents() {
        #expect(MeasurementKind.bloodPressure.components?.required == ["systolic", "diastolic"])
        #expect(MeasurementKind.bloodPressure.components?.optional == ["mean"])
        #expect(MeasurementKind.allCases.filter { $0.components != nil } == [.bloodPressure])
    }

    @Test func periodKinds() {
        #expect(
            MeasurementKind.allCases.filter(\.acceptsPeriod) == [
                .steps, .distance, .activeEnergy, .sleep, .dietaryWater, .dietaryPotassium, .dietarySodium,
                .dietaryPhosphorus, .dietaryProtein, .totalEnergy, .workout,
            ]
        )
    }

    /// Every accepted unit resolves to a converter to the canonical unit, so the normalizer never drops one.
    @Test(arguments: MeasurementKind.allCases)
    func everyAcceptedUnitConvertsToCanonical(_ kind: MeasurementKind) throws {
        for unit in kind.acceptedUnits {
            _ = try UnitTable.standard.converter(from: unit, to: kind.canonicalUnit, analyte: kind.analyte)
            #expect(MeasurementNormalizer.converters[kind]?[unit] != nil, "\(kind.rawValue) drops \(unit)")
        }
    }

    @Test func codableUsesTheProtocolName() throws {
        let json = try JSONEncoder().encode([MeasurementKind.bloodGlucose, .activeEnergy])
        #expect(String(decoding: json, as: UTF8.self) == #"["blood_glucose","active_energy"]"#)
        #expect(try JSONDecoder().decode([MeasurementKind].self, from: json) == [.bloodGlucose, .activeEnergy])
        #expect(MeasurementKind(rawValue: "weight") == nil)
    }
}
