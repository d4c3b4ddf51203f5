/// ASTM E1394 records of a Contour meter (devices.md §4.3 "Record layer"): fields split by `|`,
/// components by `^`, repeats by `\`.
public enum ASTMRecords {
    /// What the header record (`H`) says about the meter.
    public struct Header: Sendable, Hashable {
        /// Field 4, component 0, e.g. "Bayer7390".
        public var product: String
        /// Field 4, component 2, e.g. "7390-2336773".
        public var serial: String
        /// Field 4, component 1, e.g. "01.24\01.04\09.02.20".
        public var versions: String
        /// Field 6: how many results the meter holds.
        public var resultCount: Int?
        /// Field 13: the meter's clock.
        public var meterClock: MeterLocalTime?
    }

    /// Reads an `H` record.
    public static func header(_ text: String) throws(GlucometerError) -> Header {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false)
        guard fields.first == "H", fields.count >= 14 else {
            throw .malformedRecord(
                location: "header record",
                reason: "\(fields.count) fields, expected 14 starting with H"
            )
        }
        let product = fields[4].split(separator: "^", omittingEmptySubsequences: false)
        guard product.count >= 3, !product[2].isEmpty else {
            throw .malformedRecord(location: "header record field 4", reason: "no serial number in '\(fields[4])'")
        }
        return Header(
            product: String(product[0]),
            serial: String(product[2]),
            versions: String(product[1]),
            resultCount: Int(fields[6]),
            meterClock: MeterLocalTime(astm: fields[13])
        )
    }

    /// Model names by the number in the header's product field (devices.md §4.3, Tidepool
    /// `bayerConstants.js` MODELS).
    public static func model(product: String) -> String {
        let code = product.hasPrefix("Bayer") ? String(product.dropFirst(5)) : product
        switch code {
        case "7390": return "Contour USB"
        case "7350": return "Contour Next"
        case "7410": return "Contour Next USB"
        case "7800": return "Contour Next One"
        default: return "Contour meter (\(product))"
        }
    }

    /// Reads an `R` record: `R|seq|^^^Glucose|value|unit^method||markers||YYYYMMDDhhmm`.
    /// Markers: `C` control solution, `>`/`<` above/below the meter's range (Tidepool
    /// `getAnnotations`, `isControl`); `B` and `A` are read as before and after a meal, the
    /// Contour meters' meal markers (devices.md §4.3 leaves their meaning to Ascensia's guide,
    /// which we have not reviewed, so every marker is also kept as sent).
    public static func result(_ text: String) throws(GlucometerError) -> MeterReading? {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false)
        let location = "result record '\(text.prefix(40))'"
        guard fields.first == "R", fields.count >= 9 else {
            throw .malformedRecord(
                location: location,
                reason: "\(fields.count) fields, expected at least 9 starting with R"
            )
        }
        guard fields[2].hasSuffix("Glucose") else { return nil }
        guard let number = Int(fields[1]) else {
            throw .malformedRecord(location: location, reason: "sequence number '\(fields[1])' is not a number")
        }
        guard let value = Double(fields[3]), value.isFinite, value >= 0 else {
            throw .malformedRecord(location: location, reason: "value '\(fields[3])' is not a number")
        }
        let unit = String(fields[4].split(separator: "^").first ?? "")
        guard unit == "mg/dL" || unit == "mmol/L" else {
            throw .malformedRecord(location: location, reason: "unit '\(unit)' is neither mg/dL nor mmol/L")
        }
        guard let time = MeterLocalTime(astm: fields[8]) else {
            throw .malformedRecord(location: location, reason: "time '\(fields[8])' is not YYYYMMDDhhmm")
        }
        let markers = fields[6].split(separator: "/").map(String.init)
        let meal: String? =
            markers.contains("B") ? "before_meal" : markers.contains("A") ? "after_meal" : nil
        return MeterReading(
            recordNumber: number,
            time: time,
            value: value,
            unit: unit,
            mealRelation: meal,
            markers: markers,
            isControlSolution: markers.contains("C")
        )
    }
}
