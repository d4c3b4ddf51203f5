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
        /// Field 5, `V=<lo 2 digits><hi 3 digits>`: the glucose range the meter reports, in mg/dL
        /// (glucometerutils `_HEADER_RECORD_RE` `lo_bound`/`hi_bound`); nil when not sent.
        public var range: ClosedRange<Double>?

        /// The range results marked `>`/`<` lie beyond; without `V=` in the header, 20–600 mg/dL
        /// as Tidepool's `bayerContourNext.js` assumes for an unreported threshold.
        public var rangeOrDefault: ClosedRange<Double> { range ?? 20...600 }
    }

    /// What a result record holds.
    public enum Result: Sendable, Hashable {
        /// A glucose result.
        case glucose(MeterReading)
        /// A result of another test (its name, e.g. "Insulin"), counted, not read.
        case other(String)

        /// The glucose reading, or nil for another test.
        public var glucose: MeterReading? {
            if case .glucose(let reading) = self { return reading }
            return nil
        }
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
            meterClock: MeterLocalTime(astm: fields[13]),
            range: range(config: fields[5])
        )
    }

    /// `V=10600` in the configuration field → 10...600.
    static func range(config: Substring) -> ClosedRange<Double>? {
        guard let entry = config.split(separator: "^").first(where: { $0.hasPrefix("V=") }) else { return nil }
        let digits = entry.dropFirst(2)
        guard digits.count == 5, let low = Double(digits.prefix(2)), let high = Double(digits.suffix(3)), low < high
        else { return nil }
        return low...high
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
    /// which we have not reviewed, so every marker is also kept as sent). A result beyond the
    /// range (a `>`/`<` marker, or `HI`/`LO` in place of the value) keeps the bound of
    /// `range` (mg/dL, converted for an mmol/L meter) as its value and says which side it is on.
    public static func result(_ text: String, range: ClosedRange<Double> = 20...600) throws(MeterRecordProblem)
        -> Result
    {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false)
        func problem(_ reason: String) -> MeterRecordProblem {
            MeterRecordProblem(
                location: "result record \(fields.count > 1 ? String(fields[1]) : "?")",
                reason: reason,
                text: text
            )
        }
        guard fields.first == "R", fields.count >= 9 else {
            throw problem("\(fields.count) fields; a result record has at least 9, starting with R")
        }
        let test = fields[2].split(separator: "^", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard test == "Glucose" else { return .other(test.isEmpty ? "result without a test name" : "\(test) result") }
        guard let number = Int(fields[1]) else {
            throw problem("the sequence number '\(fields[1])' is not a number")
        }
        let unit = String(fields[4].split(separator: "^").first ?? "")
        guard unit == "mg/dL" || unit == "mmol/L" else {
            throw problem("the unit '\(unit)' is neither mg/dL nor mmol/L")
        }
        guard let time = MeterLocalTime(astm: fields[8]) else {
            throw problem("the time '\(fields[8])' is not YYYYMMDDhhmm")
        }
        let markers = fields[6].split(separator: "/").map(String.init)
        var beyond: MeterRangeLimit? =
            markers.contains(">") ? .above : markers.contains("<") ? .below : nil
        if fields[3] == "HI" { beyond = .above }
        if fields[3] == "LO" { beyond = .below }
        let value: Double
        if let beyond {
            let bound = beyond == .above ? range.upperBound : range.lowerBound
            // The header's bounds are mg/dL; an mmol/L meter's result gets its bound in mmol/L,
            // to one decimal as such meters print (glucose 180.156 g/mol).
            value = unit == "mmol/L" ? (bound / 18.0156 * 10).rounded() / 10 : bound
        } else {
            guard let sent = Double(fields[3]), sent.isFinite, sent >= 0 else {
                throw problem("the value '\(fields[3])' is not a number, HI or LO")
            }
            value = sent
        }
        let meal: String? =
            markers.contains("B") ? "before_meal" : markers.contains("A") ? "after_meal" : nil
        return .glucose(
            MeterReading(
                recordNumber: number,
                time: time,
                value: value,
                unit: unit,
                mealRelation: meal,
                markers: markers,
                isControlSolution: markers.contains("C"),
                beyondRange: beyond
            )
        )
    }
}
