import Clinical
import HubCore
import Testing

struct LabCSVTests {
    @Test func readsRowsWithTheirNumbersAndSkipsBlankLines() throws {
        let rows = try LabCSV.rows(
            "analyte,value,unit,date\npotassium,5.6,mmol/L,2026-01-05\n\ncreatinine, 1.5 ,mg/dL,2026-01-06\n"
        )
        #expect(rows.map(\.line) == [2, 4])
        #expect(rows[1].value == "1.5")
        #expect(rows[1].unit == "mg/dL")
    }

    @Test func readsQuotedFieldsAsASpreadsheetWritesThem() throws {
        let rows = try LabCSV.rows(
            "\u{FEFF}Analyte,Value,Unit,Date\r\n\"egfr\",\"52\",\"mL/min/{1.73_m2}\",\"2026-01-05\"\r\n"
        )
        #expect(rows.first?.analyte == "egfr")
        #expect(rows.first?.unit == "mL/min/{1.73_m2}")
    }

    @Test func reportsARowWithTheWrongNumberOfFields() throws {
        let rows = try LabCSV.rows("analyte,value,unit,date\npotassium,5.6,mmol/L\n")
        #expect(rows.first?.layoutProblem == "has 3 fields (expected 4: analyte,value,unit,date)")
        #expect(rows.first?.line == 2)
    }

    @Test(arguments: ["", "value,analyte,unit,date\nx,1,y,z\n", "potassium,5.6,mmol/L,2026-01-05\n"])
    func refusesAFileWithoutTheHeader(text: String) {
        #expect(throws: LabCSV.LayoutError.self) { try LabCSV.rows(text) }
    }
}
