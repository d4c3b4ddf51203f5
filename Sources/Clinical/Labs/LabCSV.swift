import CSV
import Foundation

/// The lab results CSV layout (docs/labs-csv.md): a header `analyte,value,unit,date`, then one result a
/// line. Read with CSV.swift (RFC 4180: quoted fields, embedded commas and quotes), so that a file saved
/// by a spreadsheet reads as the spreadsheet shows it.
public enum LabCSV {
    /// One data row and its number in the file (the header is row 1).
    public struct Row: Sendable, Hashable {
        public var line: Int
        public var analyte: String
        public var value: String
        public var unit: String
        public var date: String
        /// Set when the row is not four fields; the row is then invalid as a whole.
        public var layoutProblem: String?
    }

    /// Why the file as a whole cannot be read.
    public struct LayoutError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The header the file must start with.
    public static let header = ["analyte", "value", "unit", "date"]

    /// The data rows; throws for a missing or wrong header or text that is not CSV, and reports rows with
    /// the wrong number of fields as such.
    public static func rows(_ text: String) throws(LayoutError) -> [Row] {
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }  // a byte-order mark from a spreadsheet
        let reader: CSVReader
        do {
            reader = try CSVReader(string: body, hasHeaderRow: true, trimFields: true)
        } catch {
            throw LayoutError(description: "line 1 must be the header `\(header.joined(separator: ","))`")
        }
        guard let found = reader.headerRow?.map({ $0.lowercased() }), found == header else {
            throw LayoutError(description: "line 1 must be the header `\(header.joined(separator: ","))`")
        }
        var rows: [Row] = []
        var number = 1
        while let fields = reader.next() {
            number += 1
            if fields.allSatisfy({ $0.isEmpty }) { continue }  // a blank line
            guard fields.count == header.count else {
                rows.append(
                    Row(
                        line: number,
                        analyte: "",
                        value: "",
                        unit: "",
                        date: "",
                        layoutProblem: "has \(fields.count) fields (expected 4: \(header.joined(separator: ",")))"
                    )
                )
                continue
            }
            rows.append(Row(line: number, analyte: fields[0], value: fields[1], unit: fields[2], date: fields[3]))
        }
        if let error = reader.error {
            throw LayoutError(description: "row \(number + 1) is not valid CSV: \(error)")
        }
        return rows
    }
}
