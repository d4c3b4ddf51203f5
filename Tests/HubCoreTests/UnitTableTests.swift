import TestSupport
import Testing

@testable import HubCore

/// The unit table against the factors of formats.md §5.
struct UnitTableTests {
    @Test func poundToKilogramIsTheExactInternationalPound() throws {
        #expect(try UnitTable.convert(1, from: "[lb_av]", to: "kg") == 0.45359237)
        #expect(isClose(try UnitTable.convert(180, from: "[lb_av]", to: "kg"), 81.6466266))
        #expect(isClose(try UnitTable.convert(1000, from: "g", to: "[lb_av]"), 1 / 0.45359237))
    }

    @Test func kilopascalToMillimetreOfMercury() throws {
        // formats.md §5: 1 mmHg = 133.322387415 Pa, so 1 kPa = 1000 / 133.322387415 = 7.500615758456563 mmHg
        // (formats.md rounds it to 7.50062; 7.50061683 is the torr, 101325/760 Pa).
        #expect(isClose(try UnitTable.convert(1, from: "kPa", to: "mm[Hg]"), 7.500615758456563))
        #expect(isClose(try UnitTable.convert(1, from: "kPa", to: "mm[Hg]"), 7.50062, relative: 1e-6))
        #expect(isClose(try UnitTable.convert(16, from: "kPa", to: "mm[Hg]"), 120.009852135305))
        #expect(isClose(try UnitTable.convert(120, from: "mm[Hg]", to: "kPa"), 15.9986864898))
        #expect(try UnitTable.convert(1, from: "mm[Hg]", to: "Pa") == 133.322387415)
    }

    @Test func glucoseConvertsOnlyThroughItsAnalyteFactor() throws {
        // formats.md §5: mg/dL ÷ 18.0156 = mmol/L.
        #expect(isClose(try UnitTable.convert(180.156, from: "mg/dL", to: "mmol/L", analyte: .glucose), 10))
        #expect(isClose(try UnitTable.convert(5.5, from: "mmol/L", to: "mg/dL", analyte: .glucose), 99.0858))
        #expect(isClose(try UnitTable.convert(18.0156, from: "mg/dL", to: "umol/L", analyte: .glucose), 1000))
        #expect(throws: UnitConversionError.analyteRequired(from: "mg/dL", to: "mmol/L")) {
            try UnitTable.convert(100, from: "mg/dL", to: "mmol/L")
        }
        let cholesterol = Analyte(rawValue: "cholesterol")
        #expect(throws: UnitConversionError.noAnalyteFactor(cholesterol, from: "mg/dL", to: "mmol/L")) {
            try UnitTable.convert(1, from: "mg/dL", to: "mmol/L", analyte: cholesterol)
        }
    }

    @Test func fluidOunceToMillilitre() throws {
        // formats.md §5: 29.5735295625 mL, exact.
        #expect(try UnitTable.convert(1, from: "[foz_us]", to: "mL") == 29.5735295625)
        #expect(isClose(try UnitTable.convert(8, from: "[foz_us]", to: "mL"), 236.5882365))
        #expect(isClose(try UnitTable.convert(1, from: "L", to: "[foz_us]"), 33.814022701843))
    }

    @Test func fahrenheitToCelsiusIsAffine() throws {
        #expect(try UnitTable.convert(212, from: "[degF]", to: "Cel") == 100)
        #expect(try UnitTable.convert(32, from: "[degF]", to: "Cel") == 0)
        #expect(try UnitTable.convert(-40, from: "[degF]", to: "Cel") == -40)
        #expect(isClose(try UnitTable.convert(98.6, from: "[degF]", to: "Cel"), 37))
        #expect(try UnitTable.convert(100, from: "Cel", to: "[degF]") == 212)
        #expect(try UnitTable.convert(37, from: "Cel", to: "Cel") == 37)
    }

    @Test func kilojouleToKilocalorieIsThermochemical() throws {
        #expect(isClose(try UnitTable.convert(4.184, from: "kJ", to: "kcal"), 1))
        // formats.md §5: kJ → kcal × 0.239006 (rounded).
        #expect(isClose(try UnitTable.convert(1, from: "kJ", to: "kcal"), 0.239006, relative: 1e-6))
        #expect(try UnitTable.convert(250, from: "kcal", to: "kJ") == 1046)
    }

    @Test func lengthsAreExact() throws {
        #expect(try UnitTable.convert(1, from: "[in_i]", to: "cm") == 2.54)
        #expect(isClose(try UnitTable.convert(70, from: "[in_i]", to: "cm"), 177.8))
        #expect(try UnitTable.convert(1, from: "[ft_i]", to: "cm") == 30.48)
        #expect(try UnitTable.convert(1, from: "[mi_i]", to: "m") == 1609.344)
        #expect(try UnitTable.convert(5280, from: "[ft_i]", to: "[mi_i]") == 1)
        #expect(try UnitTable.convert(1.75, from: "m", to: "cm") == 175)
        #expect(try UnitTable.convert(3.2, from: "km", to: "m") == 3200)
    }

    @Test func countsRatesAndTimes() throws {
        #expect(try UnitTable.convert(8000, from: "1", to: "{steps}") == 8000)
        #expect(try UnitTable.convert(72, from: "{beats}/min", to: "/min") == 72)
        #expect(try UnitTable.convert(50, from: "%", to: "1") == 0.5)
        #expect(try UnitTable.convert(8, from: "h", to: "min") == 480)
        #expect(try UnitTable.convert(90, from: "s", to: "min") == 1.5)
    }

    @Test func errorsNameBothUnits() {
        #expect(throws: UnitConversionError.unknownUnit("stone", from: "stone", to: "kg")) {
            try UnitTable.convert(1, from: "stone", to: "kg")
        }
        do {
            _ = try UnitTable.convert(1, from: "kg", to: "cm")
            Issue.record("kg → cm converted")
        } catch {
            #expect(error == .incompatible(from: "kg", to: "cm", fromDimension: .mass, toDimension: .length))
            #expect(error.description.contains("'kg'") && error.description.contains("'cm'"))
        }
    }

    /// Every unit converts to every unit of its dimension and back to within a rounding or two.
    @Test(arguments: UnitDimension.allCases)
    func roundTripsWithinADimension(_ dimension: UnitDimension) throws {
        let units = UnitTable.standard.units.values.filter { $0.dimension == dimension }.map(\.code)
        #expect(!units.isEmpty)
        for from in units {
            for to in units {
                for value in [0.0, 1, 37.5, 123.456, 9999] {
                    let there = try UnitTable.convert(value, from: from, to: to)
                    let back = try UnitTable.convert(there, from: to, to: from)
                    #expect(isClose(back, value), "\(value) \(from) → \(to) → \(from) gave \(back)")
                }
            }
        }
    }

    @Test func glucoseRoundTrips() throws {
        for value in [40.0, 70, 99.0858, 180, 400] {
            let mmol = try UnitTable.convert(value, from: "mg/dL", to: "mmol/L", analyte: .glucose)
            #expect(isClose(try UnitTable.convert(mmol, from: "mmol/L", to: "mg/dL", analyte: .glucose), value))
        }
    }
}

struct UnitIdentityTests {
    @Test(arguments: [("mm[Hg]", 86.0), ("mm[Hg]", 85.99), ("kg", 82.4), ("Cel", 36.6), ("mg/dL", 112.0), ("%", 0.1)])
    func aUnitConvertedToItselfIsExact(unit: String, value: Double) throws {
        #expect(try UnitTable.standard.convert(value, from: unit, to: unit) == value)
    }
}
