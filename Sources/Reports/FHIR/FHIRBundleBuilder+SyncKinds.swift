import Care
import Clinical
import Foundation
import HubCore
import HubRecords

/// The care-team push of the kinds other than readings (issue 20 item 7), each the same resource the export writes
/// (same identifier, codes and values), about `patientReference` (`Patient/<id>` on the server), as entries of a
/// FHIR R4 `transaction` Bundle: labs and doses as conditional creates on their identifiers (a result or a dose
/// once logged is the same resource on every push), a day's intake totals as conditional updates (the total of a
/// day changes as its entries do, and the server keeps one resource per day and nutrient, the newest version).
extension FHIRBundleBuilder {
    /// One entry ready to send: its resource type and stable identifier key, and, for a conditional update, the
    /// digest of its content (what the hub remembers was acknowledged, to send it again only once it changed).
    public struct SyncEntry: Sendable {
        public var key: String
        public var digest: String
        public var entry: FHIRJSON
    }

    /// A `transaction` Bundle of the given entries.
    public static func transactionBundle(_ entries: [FHIRJSON]) -> FHIRJSON {
        .object([("resourceType", .string("Bundle")), ("type", .string("transaction")), ("entry", .array(entries))])
    }

    /// Lab results as Observations with their LOINC codes; results of analytes outside the catalogue are left out,
    /// counted by analyte, as the export leaves them out.
    public static func labEntries(_ labs: [StoredLabResult], profileId: Int64, patientReference: String)
        -> (entries: [FHIRJSON], skipped: [String: Int])
    {
        var entries: [FHIRJSON] = []
        var skipped: [String: Int] = [:]
        for lab in labs {
            guard let analyte = LabCatalog.standard.analyte(id: lab.value.analyteID) else {
                skipped[lab.value.analyteID, default: 0] += 1
                continue
            }
            let key = labKey(lab, profileId: profileId)
            let resource = labObservation(lab.value, analyte, key: key, patient: patientReference)
            entries.append(
                conditionalCreate(
                    resource,
                    type: "Observation",
                    fullURL: fullURL("lab", key),
                    FHIRCodes.labIdentifierSystem,
                    key
                )
            )
        }
        return (entries, skipped)
    }

    /// Every known daily intake total of `days`, one Observation per nutrient and day, each as a conditional
    /// update versioned `versionMs` (the hub's clock when built), with the digest of its content without the version.
    public static func intakeEntries(
        _ days: [FHIRExportInput.IntakeDay],
        profileId: Int64,
        patientReference: String,
        versionMs: Int64
    ) -> [SyncEntry] {
        var entries: [SyncEntry] = []
        for day in days {
            for subject in IntakeSubject.allCases {
                let total = day.intake.total(of: subject)
                guard !total.isUnknown else { continue }
                let key = intakeKey(day.date, subject, profileId: profileId)
                let resource = intakeObservation(day, subject, total, key: key, patient: patientReference)
                // The digest is a 128-bit hash of the content (the same FNV-1a pair as the stable URLs): equal
                // content, equal digest, on every run.
                let digest = fullURL("intake-version", resource.text())
                guard case .object(var members) = resource else { continue }
                members.insert(
                    ("meta", .object([("lastUpdated", .string(dateTime(versionMs, day.offsetSeconds)))])),
                    at: 1
                )
                let condition = "Observation?identifier=\(FHIRCodes.intakeIdentifierSystem)|\(key)"
                let entry = FHIRJSON.object([
                    ("fullUrl", .string(fullURL("intake", key))),
                    ("resource", .object(members)),
                    ("request", .object([("method", .string("PUT")), ("url", .string(condition))])),
                ])
                entries.append(SyncEntry(key: key, digest: digest, entry: entry))
            }
        }
        return entries
    }

    /// Dose log entries as MedicationAdministrations (with the scheduled time where known); an entry whose order is
    /// not among `orders` is left out (counted).
    public static func doseEntries(
        _ records: [DoseRecord],
        orders: [MedicationOrder],
        patient day: PatientDay,
        timeZone: TimeZone,
        patientReference: String
    ) -> (entries: [FHIRJSON], skipped: Int) {
        let byId = Dictionary(orders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [FHIRJSON] = []
        var skipped = 0
        for record in records {
            guard let order = byId[record.orderId] else {
                skipped += 1
                continue
            }
            let resource = MedicationFHIR.administration(
                record,
                medication: order.medication,
                dueAtMs: MedicationFHIR.dueAtMs(record, order: order, patient: day),
                patient: patientReference
            ) { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0) / 1000)) }
            let key = record.id.uuidString.lowercased()
            entries.append(
                conditionalCreate(
                    resource,
                    type: "MedicationAdministration",
                    fullURL: MedicationFHIR.fullURL(record.id),
                    MedicationFHIR.doseIdentifierSystem,
                    key
                )
            )
        }
        return (entries, skipped)
    }

    /// A transaction entry creating `resource` unless one with its identifier exists (FHIR R4 §3.1.0.8).
    static func conditionalCreate(_ resource: FHIRJSON, type: String, fullURL: String, _ system: String, _ key: String)
        -> FHIRJSON
    {
        .object([
            ("fullUrl", .string(fullURL)),
            ("resource", resource),
            (
                "request",
                .object([
                    ("method", .string("POST")),
                    ("url", .string(type)),
                    ("ifNoneExist", .string("identifier=\(system)|\(key)")),
                ])
            ),
        ])
    }
}
