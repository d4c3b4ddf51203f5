/// Validates a raw record against adapter-protocol.md §5.2/§5.4 and converts it to canonical units and UTC.
///
/// Runs once per record on the ingest path (target 100,000 records/s): the success path does dictionary look-ups
/// and arithmetic only; strings for reasons are built only when a record is refused.
public enum MeasurementNormalizer {
    /// The longest `sourceRecordId`, in Unicode scalars (JSON Schema `maxLength` counts code points).
    public static let maxSourceRecordIdLength = 256

    /// Checks one record and returns it normalized, or the first field that is wrong.
    public static func normalize(_ raw: RawMeasurement) -> Result<NormalizedMeasurement, MeasurementFieldError> {
        do {
            return .success(try normalizeOrThrow(raw))
        } catch {
            return .failure(error)
        }
    }

    private static func normalizeOrThrow(_ raw: RawMeasurement) throws(MeasurementFieldError) -> NormalizedMeasurement {
        if let field = raw.unrepresentableFields.first {
            throw MeasurementFieldError(
                field: field,
                reason: "\(field) holds a number too large or too small to be a measurement (beyond ±1.8e308, the "
                    + "range of a 64-bit floating-point number)"
            )
        }
        if let field = raw.malformedFields.first {
            throw MeasurementFieldError(
                field: field,
                reason: "\(field) has the wrong JSON type (expected \(expectedType(of: field)))"
            )
        }
        let sourceRecordId = try checkSourceRecordId(raw.sourceRecordId)
        let kind = try checkKind(raw.kind)
        let (unit, converter) = try checkUnit(raw.unit, kind: kind)

        var value: Double?
        var components: [String: Double]?
        if let spec = kind.components {
            guard raw.value == nil else {
                throw MeasurementFieldError(
                    field: "value",
                    reason: "kind '\(kind.rawValue)' takes components (\(describe(spec))), not a single value"
                )
            }
            components = try checkComponents(raw.components, spec: spec, kind: kind, converter: converter)
        } else {
            guard raw.components == nil else {
                throw MeasurementFieldError(
                    field: "components",
                    reason:
                        "kind '\(kind.rawValue)' takes a single value, not components (components are for: \(multiComponentKinds))"
                )
            }
            value = try checkValue(raw.value, field: "value", kind: kind).map(converter.apply)
        }
        // After the conversion: 1e308 lb is finite, but infinite in kg (issue 21, drill 1).
        if let value { try ReadingPlausibility.check(value, field: "value", kind: kind, original: raw.value) }
        for name in kind.components?.all ?? [] {
            guard let converted = components?[name] else { continue }
            try ReadingPlausibility.check(
                converted,
                field: "components.\(name)",
                kind: kind,
                original: raw.components?[name]
            )
        }

        let (start, endMs) = try checkTime(raw, kind: kind)
        let context = try raw.context.flatMap(checkContext)

        return NormalizedMeasurement(
            sourceRecordId: sourceRecordId,
            kind: kind,
            value: value,
            components: components,
            unit: kind.canonicalUnit,
            originalValue: raw.value,
            originalComponents: raw.components,
            originalUnit: unit,
            startMs: start.epochMilliseconds,
            endMs: endMs,
            utcOffsetSeconds: start.utcOffsetSeconds,
            context: context
        )
    }

    // MARK: - Identity and kind

    private static func checkSourceRecordId(_ id: String?) throws(MeasurementFieldError) -> String {
        guard let id else {
            throw MeasurementFieldError(
                field: "sourceRecordId",
                reason: "missing sourceRecordId (a string of 1–256 characters)"
            )
        }
        guard !id.isEmpty else {
            throw MeasurementFieldError(
                field: "sourceRecordId",
                reason: "sourceRecordId is empty (must be 1–256 characters)"
            )
        }
        // Counting scalars is O(n); a string of at most 256 UTF-8 bytes has at most 256 scalars, so skip it then.
        if id.utf8.count > maxSourceRecordIdLength, id.unicodeScalars.count > maxSourceRecordIdLength {
            throw MeasurementFieldError(
                field: "sourceRecordId",
                reason: "sourceRecordId has \(id.unicodeScalars.count) characters (must be 1–256)"
            )
        }
        if let problem = IdentifierRules.problem(with: id, field: "sourceRecordId") {
            throw MeasurementFieldError(field: "sourceRecordId", reason: problem)
        }
        return id
    }

    private static func checkKind(_ name: String?) throws(MeasurementFieldError) -> MeasurementKind {
        guard let name else {
            throw MeasurementFieldError(field: "kind", reason: "missing kind (accepted: \(allKinds))")
        }
        guard let kind = MeasurementKind(rawValue: name) else {
            throw MeasurementFieldError(field: "kind", reason: "unknown kind '\(name)' (accepted: \(allKinds))")
        }
        return kind
    }

    // MARK: - Unit and values

    /// Each kind's accepted units with the converter to its canonical unit, resolved once from the unit table.
    ///
    /// A unit whose conversion the table cannot resolve is left out, so it is refused rather than stored wrongly;
    /// the tests check that every accepted unit resolves.
    static let converters: [MeasurementKind: [String: UnitConverter]] = Dictionary(
        uniqueKeysWithValues: MeasurementKind.allCases.map { kind in
            let pairs = kind.acceptedUnits.compactMap { unit -> (String, UnitConverter)? in
                guard
                    let converter = try? UnitTable.standard.converter(
                        from: unit,
                        to: kind.canonicalUnit,
                        analyte: kind.analyte
                    )
                else { return nil }
                return (unit, converter)
            }
            return (kind, Dictionary(uniqueKeysWithValues: pairs))
        }
    )

    private static func checkUnit(
        _ unit: String?,
        kind: MeasurementKind
    ) throws(MeasurementFieldError) -> (String, UnitConverter) {
        if let unit, let converter = converters[kind]?[unit] {
            return (unit, converter)
        }
        let accepted = kind.acceptedUnits.joined(separator: ", ")
        guard let unit, !unit.isEmpty else {
            throw MeasurementFieldError(
                field: "unit",
                reason: "missing unit (accepted for kind '\(kind.rawValue)': \(accepted))"
            )
        }
        if UnitTable.standard.unit(unit) == nil {
            throw MeasurementFieldError(
                field: "unit",
                reason: "unknown unit '\(unit)' (accepted for kind '\(kind.rawValue)': \(accepted))"
            )
        }
        throw MeasurementFieldError(
            field: "unit",
            reason: "unit '\(unit)' does not fit kind '\(kind.rawValue)' (accepted: \(accepted))"
        )
    }

    private static func checkValue(
        _ value: Double?,
        field: String,
        kind: MeasurementKind
    ) throws(MeasurementFieldError) -> Double? {
        guard let value else {
            throw MeasurementFieldError(
                field: field,
                reason: "missing \(field) (kind '\(kind.rawValue)' needs a finite number)"
            )
        }
        guard value.isFinite else {
            throw MeasurementFieldError(field: field, reason: "\(field) \(value) is not a finite number")
        }
        guard value >= 0 || kind.allowsNegative else {
            throw MeasurementFieldError(
                field: field,
                reason: "\(field) \(value) is negative (kind '\(kind.rawValue)' accepts only values ≥ 0)"
            )
        }
        return value
    }

    private static func checkComponents(
        _ components: [String: Double]?,
        spec: ComponentSpec,
        kind: MeasurementKind,
        converter: UnitConverter
    ) throws(MeasurementFieldError) -> [String: Double] {
        guard let components else {
            throw MeasurementFieldError(field: "components", reason: "missing components (\(describe(spec)))")
        }
        for name in spec.required where components[name] == nil {
            throw MeasurementFieldError(
                field: "components.\(name)",
                reason: "missing component '\(name)' (\(describe(spec)))"
            )
        }
        if components.count > spec.required.count {
            // Sorted so the same bad record always names the same component.
            if let unknown = components.keys.filter({ !spec.all.contains($0) }).sorted().first {
                throw MeasurementFieldError(
                    field: "components.\(unknown)",
                    reason:
                        "unknown component '\(unknown)' for kind '\(kind.rawValue)' (accepted: \(spec.all.joined(separator: ", ")))"
                )
            }
        }
        var converted: [String: Double] = [:]
        converted.reserveCapacity(components.count)
        for name in spec.all {
            guard let value = components[name] else { continue }
            converted[name] = try checkValue(value, field: "components.\(name)", kind: kind).map(converter.apply)
        }
        return converted
    }

    // MARK: - Time

    private static func checkTime(
        _ raw: RawMeasurement,
        kind: MeasurementKind
    ) throws(MeasurementFieldError) -> (start: RFC3339Timestamp, endMs: Int64?) {
        switch (raw.effectiveTime, raw.effectivePeriod) {
        case (.some, .some):
            throw MeasurementFieldError(
                field: "effectivePeriod",
                reason: "set exactly one of effectiveTime and effectivePeriod, not both"
            )
        case (nil, nil):
            let alternatives = kind.acceptsPeriod ? "effectiveTime or effectivePeriod" : "effectiveTime"
            throw MeasurementFieldError(
                field: "effectiveTime",
                reason: "missing \(alternatives) (an RFC 3339 date-time with offset, e.g. 2026-11-17T07:10:00+01:00)"
            )
        case (.some(let time), nil):
            let start = try parseTime(time, field: "effectiveTime")
            try ReadingPlausibility.checkTime(start.epochMilliseconds, field: "effectiveTime", text: time)
            return (start, nil)
        case (nil, .some(let period)):
            guard kind.acceptsPeriod else {
                throw MeasurementFieldError(
                    field: "effectivePeriod",
                    reason:
                        "kind '\(kind.rawValue)' is taken at an instant: use effectiveTime (effectivePeriod is for: \(periodKinds))"
                )
            }
            guard let startText = period.start else {
                throw MeasurementFieldError(
                    field: "effectivePeriod.start",
                    reason: "missing effectivePeriod.start (RFC 3339 with offset)"
                )
            }
            guard let endText = period.end else {
                throw MeasurementFieldError(
                    field: "effectivePeriod.end",
                    reason: "missing effectivePeriod.end (RFC 3339 with offset)"
                )
            }
            let start = try parseTime(startText, field: "effectivePeriod.start")
            let end = try parseTime(endText, field: "effectivePeriod.end")
            try ReadingPlausibility.checkTime(start.epochMilliseconds, field: "effectivePeriod.start", text: startText)
            try ReadingPlausibility.checkTime(end.epochMilliseconds, field: "effectivePeriod.end", text: endText)
            guard end.epochMilliseconds >= start.epochMilliseconds else {
                throw MeasurementFieldError(
                    field: "effectivePeriod.end",
                    reason: "end '\(endText)' is before start '\(startText)' (end must be at or after start)"
                )
            }
            return (start, end.epochMilliseconds)
        }
    }

    private static func parseTime(_ text: String, field: String) throws(MeasurementFieldError) -> RFC3339Timestamp {
        do {
            return try RFC3339.parse(text)
        } catch {
            throw MeasurementFieldError(field: field, reason: error.description)
        }
    }

    // MARK: - Context

    private static func checkContext(_ raw: RawMeasurementContext) throws(MeasurementFieldError) -> MeasurementContext?
    {
        let context = MeasurementContext(
            mealRelation: try parseEnum(raw.mealRelation, field: "mealRelation"),
            bodyPosition: try parseEnum(raw.bodyPosition, field: "bodyPosition"),
            measurementStatus: try checkStatus(raw.measurementStatus),
            userIndex: try checkUserIndex(raw.userIndex),
            dialysisPhase: try parseEnum(raw.dialysisPhase, field: "dialysisPhase"),
            sampleSite: raw.sampleSite
        )
        return context.isEmpty ? nil : context
    }

    private static func parseEnum<Value: RawRepresentable<String> & CaseIterable>(
        _ text: String?,
        field: String
    ) throws(MeasurementFieldError) -> Value? {
        guard let text else { return nil }
        guard let value = Value(rawValue: text) else {
            let accepted = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw MeasurementFieldError(
                field: "context.\(field)",
                reason: "unknown \(field) '\(text)' (accepted: \(accepted))"
            )
        }
        return value
    }

    private static func checkStatus(_ status: [String]?) throws(MeasurementFieldError) -> [String]? {
        guard let status else { return nil }
        if let index = status.firstIndex(where: \.isEmpty) {
            throw MeasurementFieldError(
                field: "context.measurementStatus",
                reason: "measurementStatus[\(index)] is empty (accepted: non-empty strings, e.g. irregular_pulse)"
            )
        }
        return status
    }

    private static func checkUserIndex(_ index: Int?) throws(MeasurementFieldError) -> Int? {
        guard let index else { return nil }
        guard (0...255).contains(index) else {
            throw MeasurementFieldError(
                field: "context.userIndex",
                reason: "userIndex \(index) is out of range (accepted: 0–255)"
            )
        }
        return index
    }

    // MARK: - Wording

    private static let allKinds = MeasurementKind.allCases.map(\.rawValue).joined(separator: ", ")
    private static let periodKinds = MeasurementKind.allCases.filter(\.acceptsPeriod).map(\.rawValue).joined(
        separator: ", "
    )
    private static let multiComponentKinds = MeasurementKind.allCases.filter { $0.components != nil }
        .map(\.rawValue).joined(separator: ", ")

    private static func describe(_ spec: ComponentSpec) -> String {
        let required = "required: \(spec.required.joined(separator: ", "))"
        return spec.optional.isEmpty ? required : "\(required); optional: \(spec.optional.joined(separator: ", "))"
    }

    /// The JSON type a field must have, for the wrong-type reason.
    private static func expectedType(of field: String) -> String {
        switch field {
        case "value": "a number"
        case "components", "effectivePeriod", "context", "device": "an object"
        case "context.measurementStatus": "an array of strings"
        case "context.userIndex": "an integer 0–255"
        default: field.hasPrefix("components.") ? "a number" : "a string"
        }
    }
}
