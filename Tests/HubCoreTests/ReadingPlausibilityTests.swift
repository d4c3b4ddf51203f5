import Testing

@testable import HubCore

/// Issue 21, drill finding 1: every reading passes a finiteness and plausibility check after the unit
/// conversion, per kind, and is refused with the field, the range and its reason otherwise.
struct ReadingPlausibilityTests {
    private func refusal(_ raw: RawMeasurement) -> MeasurementFieldError? {
        if case .failure(let error) = MeasurementNormalizer.normalize(raw) { return error }
        return nil
    }

    @Test func aWeightOf1e308PoundsIsInfiniteInKilogramsAndRefused() throws {
        // 1e308 is a finite Double; × 0.45359237 it still is, but the pound-to-kilogram ratio is applied as
        // 45,359,237 / 100,000,000, whose first product overflows: the check must run after the conversion.
        let error = try #require(
            refusal(
                MeasurementNormalizerTests.weight {
                    $0.value = 1e308
                    $0.unit = "[lb_av]"
                }
            )
        )
        #expect(error.field == "value")
        #expect(error.reason.contains("kg"), "\(error.reason)")
    }

    @Test(arguments: [
        ("body_weight", 5_000.0, "kg", "0.2–700 kg"),
        ("body_weight", 0.0, "kg", "0.2–700 kg"),
        ("blood_glucose", 1_000_000.0, "mg/dL", "1–3000 mg/dL"),
        ("heart_rate", 0.0, "/min", "1–350 /min"),
        ("blood_ketone", 31.0, "mmol/L", "0–30 mmol/L"),
        ("oxygen_saturation", 101.0, "%", "0–100 %"),
        ("body_temperature", 60.0, "Cel", "10–50 Cel"),
    ])
    func aValueNoBodyOrDeviceCanHaveIsRefusedWithItsRangeAndReason(
        kind: String,
        value: Double,
        unit: String,
        range: String
    ) throws {
        let error = try #require(
            refusal(
                MeasurementNormalizerTests.weight {
                    $0.kind = kind
                    $0.value = value
                    $0.unit = unit
                }
            )
        )
        #expect(error.field == "value")
        #expect(error.reason.contains("accepted: \(range):"), "\(error.reason)")
        #expect(error.reason.contains("out of range for kind '\(kind)'"), "\(error.reason)")
    }

    @Test func theBoundsThemselvesAreAccepted() throws {
        for kind in MeasurementKind.allCases where kind.components == nil {
            let bounds = ReadingPlausibility.bounds(of: kind)
            for value in [bounds.range.lowerBound, bounds.range.upperBound] {
                let raw = RawMeasurement(
                    sourceRecordId: "x",
                    kind: kind.rawValue,
                    value: value,
                    unit: kind.canonicalUnit,
                    effectiveTime: kind.acceptsPeriod ? nil : MeasurementNormalizerTests.time,
                    effectivePeriod: kind.acceptsPeriod
                        ? RawPeriod(start: "2026-11-17T00:00:00+01:00", end: "2026-11-18T00:00:00+01:00") : nil
                )
                #expect(refusal(raw) == nil, "\(kind.rawValue) \(value)")
            }
        }
    }

    @Test func aBloodPressureComponentOutsideACuffsRangeIsRefusedNamingTheComponent() throws {
        let error = try #require(
            refusal(MeasurementNormalizerTests.pressure { $0.components = ["systolic": 120, "diastolic": 0] })
        )
        #expect(error.field == "components.diastolic")
    }

    @Test(arguments: ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1899-12-31T23:59:59Z"])
    func aTimeOutsideTheYears1900To2199IsRefused(time: String) throws {
        let error = try #require(refusal(MeasurementNormalizerTests.weight { $0.effectiveTime = time }))
        #expect(error.field == "effectiveTime")
        #expect(error.reason.contains("1900–2199"))
    }
}
