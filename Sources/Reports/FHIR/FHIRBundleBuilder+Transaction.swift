import Foundation
import HubCore
import HubRecords

extension FHIRBundleBuilder {
    /// A FHIR R4 `transaction` Bundle of readings for the care-team server: each the same Observation the export
    /// writes (same identifier, codes and values), about `patientReference` (`Patient/<id>` on the server), sent
    /// as a conditional create on its identifier (`request.ifNoneExist`), so that a repeated push stores nothing
    /// twice. Readings of kinds without a verified code are left out, counted by kind, as in the export.
    public static func transaction(
        readings: [StoredMeasurement],
        weightPhases: [Int64: String],
        patientReference: String
    ) -> (bundle: FHIRJSON, entries: Int, skipped: [String: Int]) {
        var entries: [FHIRJSON] = []
        var skipped: [String: Int] = [:]
        for reading in readings {
            guard let code = FHIRCodes.reading(reading.measurement.kind) else {
                skipped[reading.measurement.kind.rawValue, default: 0] += 1
                continue
            }
            let key = measurementKey(reading)
            let resource = observation(
                reading,
                code: code,
                key: key,
                phase: weightPhases[reading.id],
                patient: patientReference
            )
            entries.append(
                .object([
                    ("fullUrl", .string(fullURL("measurement", key))),
                    ("resource", resource),
                    (
                        "request",
                        .object([
                            ("method", .string("POST")),
                            ("url", .string("Observation")),
                            ("ifNoneExist", .string("identifier=\(FHIRCodes.measurementIdentifierSystem)|\(key)")),
                        ])
                    ),
                ])
            )
        }
        let bundle = FHIRJSON.object([
            ("resourceType", .string("Bundle")),
            ("type", .string("transaction")),
            ("entry", .array(entries)),
        ])
        return (bundle, entries.count, skipped)
    }

    /// A reading's stable key: the adapter, the device and the device's own record id (the export's identifier).
    static func measurementKey(_ reading: StoredMeasurement) -> String {
        "\(reading.device.identity.adapterId)/\(reading.device.identity.deviceId)/\(reading.measurement.sourceRecordId)"
    }
}
