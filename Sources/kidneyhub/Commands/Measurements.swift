import ArgumentParser
import Care
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub measurements list`.
struct Measurements: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show stored measurements.",
        subcommands: [List.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List measurements, oldest first.")
        @OptionGroup var store: StoreOptions
        @Option(help: "Only this kind (\(MeasurementKind.allCases.map(\.rawValue).joined(separator: ", "))).")
        var kind: String?
        @Option(help: "From this date (YYYY-MM-DD, local midnight) or RFC 3339 time, inclusive.") var since: String?
        @Option(help: "Until this date or time, exclusive.") var until: String?
        @Option(help: "At most this many.") var limit: Int?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if let kind, MeasurementKind(rawValue: kind) == nil {
                throw ValidationError(
                    "unknown kind '\(kind)'; known kinds: \(MeasurementKind.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
        }

        func run() async throws {
            let sinceMs = try since.map { try parseDate($0, option: "--since") }
            let untilMs = try until.map { try parseDate($0, option: "--until") }
            let rows = try await store.openForReading().measurements.list(
                kind: kind.flatMap(MeasurementKind.init(rawValue:)),
                sinceMs: sinceMs,
                untilMs: untilMs,
                limit: limit
            )
            if json {
                try printJSON(rows.map(MeasurementListing.init))
            } else {
                printMeasurementTable(rows)
            }
        }
    }
}

/// Prints measurements as a table: time to the minute on the clock it was taken on, kind, value rounded for its
/// quantity, the unit's display name (`mmHg`, not `mm[Hg]`), device. `--json` keeps full values and UCUM codes.
func printMeasurementTable(_ rows: [StoredMeasurement]) {
    printTable(
        ["TIME", "KIND", "VALUE", "UNIT", "DEVICE", "CONTEXT"],
        rows.map { row in
            let m = row.measurement
            return [
                LocalMinute.text(epochMilliseconds: m.startMs, utcOffsetSeconds: m.utcOffsetSeconds),
                m.kind.rawValue,
                MeasurementListing.valueText(m),
                UnitDisplayName.text(m.unit),
                row.device.identity.deviceId,
                MeasurementListing.contextText(m.context),
            ]
        }
    )
}

/// One measurement as `--json` prints it.
struct MeasurementListing: Encodable {
    var id: Int64
    var kind: String
    var value: Double?
    var components: [String: Double]?
    var unit: String
    var originalValue: Double?
    var originalComponents: [String: Double]?
    var originalUnit: String
    var effectiveTime: String
    var effectiveEnd: String?
    var sourceRecordId: String
    var device: DeviceIdentity
    var context: MeasurementContext?

    init(_ row: StoredMeasurement) {
        let m = row.measurement
        id = row.id
        kind = m.kind.rawValue
        value = m.value
        components = m.components
        unit = m.unit
        originalValue = m.originalValue
        originalComponents = m.originalComponents
        originalUnit = m.originalUnit
        effectiveTime = RFC3339.format(epochMilliseconds: m.startMs, utcOffsetSeconds: m.utcOffsetSeconds)
        effectiveEnd = m.endMs.map { RFC3339.format(epochMilliseconds: $0, utcOffsetSeconds: m.utcOffsetSeconds) }
        sourceRecordId = m.sourceRecordId
        device = row.device.identity
        context = m.context
    }

    /// The value for people: rounded for its quantity (`DisplayQuantity`), a pair as systolic/diastolic.
    static func valueText(_ m: NormalizedMeasurement) -> String {
        func format(_ value: Double) -> String { DisplayQuantity.number(value, unit: m.unit) }
        if let value = m.value { return format(value) }
        guard let components = m.components else { return "-" }
        if let systolic = components["systolic"], let diastolic = components["diastolic"] {
            return "\(format(systolic))/\(format(diastolic))"
        }
        return components.sorted { $0.key < $1.key }.map { "\($0.key)=\(format($0.value))" }.joined(separator: " ")
    }

    static func contextText(_ context: MeasurementContext?) -> String {
        guard let context else { return "" }
        var parts: [String] = []
        if let phase = context.dialysisPhase { parts.append("dialysis:\(phase.rawValue)") }
        if let meal = context.mealRelation { parts.append(meal.rawValue) }
        if let position = context.bodyPosition { parts.append(position.rawValue) }
        if let user = context.userIndex { parts.append("user \(user)") }
        parts += context.measurementStatus ?? []
        return parts.joined(separator: " ")
    }

}

/// A `YYYY-MM-DD` date (local midnight) or an RFC 3339 time, as epoch milliseconds.
func parseDate(_ text: String, option: String) throws -> Int64 {
    if let timestamp = try? RFC3339.parse(text) { return timestamp.epochMilliseconds }
    let parts = text.split(separator: "-").compactMap { Int($0) }
    if parts.count == 3, text.count == 10,
        let date = Calendar.current.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    {
        return Int64(date.timeIntervalSince1970 * 1000)
    }
    throw ValidationError("\(option) '\(text)' is neither a date (YYYY-MM-DD) nor an RFC 3339 time with offset")
}
