import Care
import Foundation
import HubCore
import Testing

/// The critical thresholds: which row each value breaches (at the limits and either side), that every row cites a
/// guideline in words, and what the alert says.
@Suite struct CriticalThresholdsTests {
    typealias Subject = CriticalThreshold.Subject

    static let potassium = Subject.lab("potassium")
    static let labGlucose = Subject.lab("glucose")
    static let meterGlucose = Subject.reading(.bloodGlucose, component: nil)
    static let systolic = Subject.reading(.bloodPressure, component: "systolic")
    static let diastolic = Subject.reading(.bloodPressure, component: "diastolic")

    /// (subject, value in its canonical unit, the row that must speak for it or nil, a word its source must hold).
    static let cases: [(Subject, Double, String?, String)] = [
        (potassium, 5.8, nil, ""),
        (potassium, 5.99, nil, ""),
        (potassium, 6.0, "potassium-moderate-high", "UK Kidney Association"),
        (potassium, 6.4, "potassium-moderate-high", "2020"),
        (potassium, 6.5, "potassium-severe-high", "UK Kidney Association"),
        (potassium, 7.0, "potassium-severe-high", "severe"),
        (potassium, 3.0, nil, ""),
        (potassium, 2.9, "potassium-moderate-low", "Endocrine Connections 2018"),
        (potassium, 2.4, "potassium-severe-low", "Endocrine Connections 2018"),
        (labGlucose, 70, nil, ""),
        (labGlucose, 69, "glucose-lab-level1-low", "ADA Standards of Care in Diabetes 2024"),
        (labGlucose, 53, "glucose-lab-level2-low", "level 2"),
        (labGlucose, 239, nil, ""),
        (labGlucose, 240, "glucose-lab-high", "American Diabetes Association"),
        (labGlucose, 600, "glucose-lab-crisis-high", "Diabetes Care 2024"),
        (meterGlucose, 54, "glucose-reading-level1-low", "section 6"),
        (meterGlucose, 45, "glucose-reading-level2-low", "section 6"),
        (meterGlucose, 130, nil, ""),
        (systolic, 179, nil, ""),
        (systolic, 180, "bp-systolic-crisis", "ACC/AHA 2017"),
        (diastolic, 119, nil, ""),
        (diastolic, 120, "bp-diastolic-crisis", "ACC/AHA 2017"),
        (systolic, 90, nil, ""),
        (systolic, 89, "bp-systolic-low", "AHA"),
        (.interdialyticGain, 3.9, nil, ""),
        (.interdialyticGain, 4.0, "idwg-high", "Kidney Blood Press Res 2016"),
    ]

    @Test(arguments: cases)
    func eachValueIsJudgedByTheRightRow(subject: Subject, value: Double, expected: String?, cited: String) {
        let row = CriticalThresholds.breached(subject, value: value)
        #expect(row?.id == expected, "\(subject) \(value)")
        if let row { #expect(row.source.contains(cited), "\(row.id): \(row.source)") }
    }

    @Test func everyRowCitesAGuidelineInWordsAndSaysWhatToDo() {
        #expect(Set(CriticalThresholds.standard.map(\.id)).count == CriticalThresholds.standard.count)
        for row in CriticalThresholds.standard {
            #expect(row.source.count > 20, "\(row.id)")
            // A year or a named organisation, never a path into research notes.
            #expect(row.source.contains { $0.isNumber } || row.source.contains("Association"), "\(row.id)")
            for path in [".md", "§", "[R"] { #expect(!row.source.contains(path), "\(row.id): \(row.source)") }
            #expect(!row.action.isEmpty && !row.review.isEmpty, "\(row.id)")
        }
    }

    @Test func theAlertNamesTheAnalyteValueLimitSourceAndWhatToDoWithTheReviewInTheBody() throws {
        let row = try #require(CriticalThresholds.breached(Self.potassium, value: 7.0))
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 2026-11-24T07:30:00Z is 08:30 in Berlin.
        let draft = CriticalValueAlert.draft(row, value: 7.0, takenAtMs: 1_795_505_400_000, timeZone: zone, key: "k")
        #expect(draft.type == .alert)
        #expect(draft.title == "Potassium 7.0 mmol/L: dangerously high")
        #expect(draft.body.contains("Taken 2026-11-24 08:30 (Europe/Berlin)"))
        #expect(draft.body.contains("at 6.5 mmol/L or more"))
        #expect(draft.body.contains("UK Kidney Association"))
        #expect(draft.body.contains("Contact your dialysis unit or care team now"))
        #expect(draft.body.contains(row.review))
        #expect(!draft.title.contains("review") && !draft.title.contains("Unverified"))
    }

    @Test func bloodPressureShowsMmHgWholeAndGainATenth() throws {
        let bp = try #require(CriticalThresholds.breached(Self.systolic, value: 192.4))
        let draft = CriticalValueAlert.draft(bp, value: 192.4, takenAtMs: 0, timeZone: .gmt, key: "k")
        #expect(draft.title == "Systolic blood pressure 192 mmHg: too high")
        #expect(draft.body.contains("at 180 mmHg or more"))
        #expect(!draft.body.contains("mm[Hg]"))
        let gain = try #require(CriticalThresholds.breached(.interdialyticGain, value: 4.26))
        #expect(
            CriticalValueAlert.draft(gain, value: 4.26, takenAtMs: 0, timeZone: .gmt, key: "k").title
                == "Weight gain between dialysis sessions 4.3 %: too high"
        )
    }
}
