import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// What a FHIR export holds for one profile, read from the store.
public struct FHIRExportInput: Sendable {
    public var profileId: Int64
    public var profile: PatientProfile
    /// The profile's stable random UUID (`HubDatabase.stablePatientIdentifier`), the Patient's identifier: never
    /// the profile's name, which is a person's name and may change.
    public var patientIdentifier: String
    /// The profile's readings (its own and those of devices assigned to it), oldest first.
    public var readings: [StoredMeasurement]
    /// Dialysis phases of the profile's weights, by measurement id.
    public var weightPhases: [Int64: String]
    public var labs: [StoredLabResult]
    /// Daily intake totals of each local date with entries.
    public var intake: [IntakeDay]
    /// The profile's medication orders, exported as `MedicationRequest`s.
    public var medicationOrders: [MedicationOrder] = []

    /// Reads everything of `stored` the export holds.
    public static func load(_ database: HubDatabase, profile stored: StoredProfile) async throws(ReportError)
        -> FHIRExportInput
    {
        do {
            let zone = try stored.profile.timeZone()
            let readings = try await database.measurements(profileId: stored.id)
            let phases = try await database.profileWeights(profileId: stored.id).reduce(into: [Int64: String]()) {
                if let phase = $1.phase.phase { $0[$1.measurementId] = phase.rawValue }
            }
            let labs = try await database.labResults(profileId: stored.id)
            let intake = try await intakeDays(database, profileId: stored.id, timeZone: zone)
            return FHIRExportInput(
                profileId: stored.id,
                profile: stored.profile,
                patientIdentifier: try await database.stablePatientIdentifier(profileId: stored.id),
                readings: readings,
                weightPhases: phases,
                labs: labs,
                intake: intake,
                medicationOrders: try await database.medicationOrders(profileId: stored.id)
            )
        } catch let error as ProfileFieldError {
            throw .profile(error.description)
        } catch {
            throw .store(String(describing: error))
        }
    }
}

extension FHIRExportInput {
    /// One local day's intake totals, with the day's bounds in epoch ms and the UTC offset at its start.
    public typealias IntakeDay = (
        date: CalendarDate, intake: DailyIntake, startMs: Int64, endMs: Int64, offsetSeconds: Int
    )

    /// The daily intake totals of each local date of the profile's with entries, oldest first.
    public static func intakeDays(_ database: HubDatabase, profileId: Int64, timeZone zone: TimeZone) async throws
        -> [IntakeDay]
    {
        let entries = try await database.intakeEntries(
            profileId: profileId,
            from: CalendarDate(daysSinceEpoch: 0),
            through: CalendarDate(daysSinceEpoch: 200_000)
        )
        let byDate = Dictionary(grouping: entries, by: \.localDate)
        return byDate.keys.sorted().map { date in
            let period = try? ReportPeriod(from: date, through: date, timeZone: zone)
            let startMs = period?.startMs ?? Int64(date.daysSinceEpoch) * 86_400_000
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(startMs) / 1000))
            return (
                date: date, intake: DailyIntake(byDate[date]!.map(\.contribution)), startMs: startMs,
                endMs: (period?.endMs ?? startMs + 86_400_000) - 1000, offsetSeconds: offset
            )
        }
    }
}

/// Builds a FHIR R4 `collection` Bundle: the Patient, an Observation per reading (blood pressure as a panel with
/// components), per lab result and per daily intake total, and a MedicationStatement per medication.
///
/// Pure and deterministic: the same input gives the same bytes (ids are derived from the hub's stable ids).
public enum FHIRBundleBuilder {
    /// The bundle for `input`, and the reading kinds left out for want of a verified code (with counts).
    public static func bundle(_ input: FHIRExportInput) -> (bundle: FHIRJSON, skipped: [String: Int]) {
        let patientURL = fullURL("patient", "\(input.profileId)")
        var entries: [FHIRJSON] = [entry(patientURL, patient(input))]
        var skipped: [String: Int] = [:]
        for reading in input.readings {
            guard let code = FHIRCodes.reading(reading.measurement.kind) else {
                skipped[reading.measurement.kind.rawValue, default: 0] += 1
                continue
            }
            let key = measurementKey(reading)
            entries.append(
                entry(
                    fullURL("measurement", key),
                    observation(
                        reading,
                        code: code,
                        key: key,
                        phase: input.weightPhases[reading.id],
                        patient: patientURL
                    )
                )
            )
        }
        for lab in input.labs {
            guard let analyte = LabCatalog.standard.analyte(id: lab.value.analyteID) else { continue }
            let key = labKey(lab, profileId: input.profileId)
            entries.append(
                entry(fullURL("lab", key), labObservation(lab.value, analyte, key: key, patient: patientURL))
            )
        }
        for day in input.intake {
            for subject in IntakeSubject.allCases {
                let total = day.intake.total(of: subject)
                guard !total.isUnknown else { continue }
                let key = intakeKey(day.date, subject, profileId: input.profileId)
                entries.append(
                    entry(fullURL("intake", key), intakeObservation(day, subject, total, key: key, patient: patientURL))
                )
            }
        }
        for (index, medication) in input.profile.medications.enumerated() {
            let key = "\(input.profileId)/\(index)/\(medication.name)"
            entries.append(entry(fullURL("medication", key), medicationStatement(medication, patient: patientURL)))
        }
        for order in input.medicationOrders {
            entries.append(entry(MedicationFHIR.fullURL(order.id), MedicationFHIR.request(order, patient: patientURL)))
        }
        let bundle = FHIRJSON.object([
            ("resourceType", .string("Bundle")),
            ("type", .string("collection")),
            ("entry", .array(entries)),
        ])
        return (bundle, skipped)
    }

    // MARK: - Resources

    static func patient(_ input: FHIRExportInput) -> FHIRJSON {
        var members: [(String, FHIRJSON)] = [
            ("resourceType", .string("Patient")),
            ("identifier", .array([patientIdentifier(input.patientIdentifier)])),
            ("name", .array([.object([("text", .string(input.profile.name))])])),
        ]
        if let sex = input.profile.sexAtBirth {
            // Administrative gender is the closest R4 Patient element; the profile records sex at birth.
            members.append(("gender", .string(sex == .female ? "female" : "male")))
        }
        if let born = input.profile.dateOfBirth { members.append(("birthDate", .string(born.description))) }
        return .object(members)
    }

    static func observation(
        _ reading: StoredMeasurement,
        code: FHIRCodes.ReadingCode,
        key: String,
        phase: String?,
        patient: String
    ) -> FHIRJSON {
        let m = reading.measurement
        var members: [(String, FHIRJSON)] = [("resourceType", .string("Observation"))]
        if m.kind == .bodyWeight, let phase {
            members.append(
                (
                    "extension",
                    .array([
                        .object([("url", .string(FHIRCodes.dialysisPhaseExtension)), ("valueCode", .string(phase))])
                    ])
                )
            )
        }
        members += [
            ("identifier", .array([identifier(FHIRCodes.measurementIdentifierSystem, key)])),
            ("status", .string("final")),
            ("category", .array([category(code.category)])),
            ("code", codeable(FHIRCodes.loincSystem, code.loinc, code.display)),
            ("subject", .object([("reference", .string(patient))])),
        ]
        if let endMs = m.endMs {
            members.append(
                (
                    "effectivePeriod",
                    .object([
                        ("start", .string(dateTime(m.startMs, m.utcOffsetSeconds))),
                        ("end", .string(dateTime(endMs, m.utcOffsetSeconds))),
                    ])
                )
            )
        } else {
            members.append(("effectiveDateTime", .string(dateTime(m.startMs, m.utcOffsetSeconds))))
        }
        if let value = m.value {
            members.append(("valueQuantity", quantity(value, unit: code.unit, ucum: code.ucum)))
        } else if let components = m.components, m.kind == .bloodPressure {
            members.append(
                (
                    "component",
                    .array(
                        FHIRCodes.bloodPressureComponents.compactMap { component in
                            components[component.component].map {
                                .object([
                                    ("code", codeable(FHIRCodes.loincSystem, component.loinc, component.display)),
                                    ("valueQuantity", quantity($0, unit: "mmHg", ucum: "mm[Hg]")),
                                ])
                            }
                        }
                    )
                )
            )
        }
        let device = reading.device.identity
        let deviceText = [device.manufacturer, device.model].compactMap { $0 }.joined(separator: " ")
        members.append(
            (
                "device",
                .object([
                    ("display", .string(deviceText.isEmpty ? "\(device.adapterId) \(device.deviceId)" : deviceText))
                ])
            )
        )
        return .object(members)
    }

    static func labObservation(_ lab: LabValue, _ analyte: LabAnalyte, key: String, patient: String) -> FHIRJSON {
        .object([
            ("resourceType", .string("Observation")),
            ("identifier", .array([identifier(FHIRCodes.labIdentifierSystem, key)])),
            ("status", .string("final")),
            ("category", .array([category("laboratory")])),
            ("code", codeable(FHIRCodes.loincSystem, analyte.loinc, analyte.loincName)),
            ("subject", .object([("reference", .string(patient))])),
            ("effectiveDateTime", .string(dateTime(lab.takenAt.epochMilliseconds, lab.takenAt.utcOffsetSeconds))),
            ("valueQuantity", quantity(lab.value, unit: lab.unit, ucum: lab.unit)),
        ])
    }

    static func intakeObservation(
        _ day: FHIRExportInput.IntakeDay,
        _ subject: IntakeSubject,
        _ total: NutrientTotal,
        key: String,
        patient: String
    ) -> FHIRJSON {
        var members: [(String, FHIRJSON)] = [
            ("resourceType", .string("Observation")),
            ("identifier", .array([identifier(FHIRCodes.intakeIdentifierSystem, key)])),
            ("status", .string(total.isComplete ? "final" : "preliminary")),
            ("category", .array([codeable(FHIRCodes.intakeSystem, "intake", "Daily intake")])),
            ("code", codeable(FHIRCodes.intakeSystem, subject.rawValue, "Daily \(subject.rawValue) intake")),
            ("subject", .object([("reference", .string(patient))])),
            (
                "effectivePeriod",
                .object([
                    ("start", .string(dateTime(day.startMs, day.offsetSeconds))),
                    ("end", .string(dateTime(day.endMs, day.offsetSeconds))),
                ])
            ),
            ("valueQuantity", quantity(total.value, unit: subject.unit, ucum: subject.unit)),
        ]
        if !total.isComplete {
            members.append(
                (
                    "note",
                    .array([
                        .object([
                            (
                                "text",
                                .string(
                                    "\(total.unknownParts) of \(total.parts) entries have no value for \(subject.rawValue); the total is a lower bound"
                                )
                            )
                        ])
                    ])
                )
            )
        }
        return .object(members)
    }

    static func medicationStatement(_ medication: Medication, patient: String) -> FHIRJSON {
        var members: [(String, FHIRJSON)] = [
            ("resourceType", .string("MedicationStatement")),
            ("status", .string("active")),
            ("medicationCodeableConcept", .object([("text", .string(medication.name))])),
            ("subject", .object([("reference", .string(patient))])),
        ]
        let dosage = [medication.dose, medication.schedule].filter { !$0.isEmpty }.joined(separator: ", ")
        if !dosage.isEmpty { members.append(("dosage", .array([.object([("text", .string(dosage))])]))) }
        return .object(members)
    }

    // MARK: - Pieces

    /// A lab result's stable key: the profile, the analyte and when it was taken (one result per analyte and time).
    static func labKey(_ lab: StoredLabResult, profileId: Int64) -> String {
        "\(profileId)/\(lab.value.analyteID)/\(lab.value.takenAt.epochMilliseconds)"
    }

    /// A day's intake total's stable key: the profile, the local date and the nutrient (one total per day each).
    static func intakeKey(_ date: CalendarDate, _ subject: IntakeSubject, profileId: Int64) -> String {
        "\(profileId)/\(date)/\(subject.rawValue)"
    }

    static func entry(_ fullURL: String, _ resource: FHIRJSON) -> FHIRJSON {
        .object([("fullUrl", .string(fullURL)), ("resource", resource)])
    }

    /// A Patient's identifier from its stable UUID: FHIR R4's convention for a UUID identifier (system
    /// `urn:ietf:rfc:3986`, value `urn:uuid:…`, R4 §2.24.0.1 "Identifier").
    static func patientIdentifier(_ uuid: String) -> FHIRJSON {
        identifier(FHIRCodes.uriIdentifierSystem, "urn:uuid:\(uuid)")
    }

    static func identifier(_ system: String, _ value: String) -> FHIRJSON {
        .object([("system", .string(system)), ("value", .string(value))])
    }

    static func category(_ code: String) -> FHIRJSON {
        let display =
            switch code {
            case "vital-signs": "Vital Signs"
            case "laboratory": "Laboratory"
            default: "Activity"
            }
        return codeable(FHIRCodes.categorySystem, code, display)
    }

    static func codeable(_ system: String, _ code: String, _ display: String) -> FHIRJSON {
        .object([
            (
                "coding",
                .array([.object([("system", .string(system)), ("code", .string(code)), ("display", .string(display))])])
            )
        ])
    }

    static func quantity(_ value: Double, unit: String, ucum: String) -> FHIRJSON {
        .object([
            ("value", .number(value)), ("unit", .string(unit)), ("system", .string(FHIRCodes.ucumSystem)),
            ("code", .string(ucum)),
        ])
    }

    static func dateTime(_ ms: Int64, _ offsetSeconds: Int) -> String {
        RFC3339.format(epochMilliseconds: ms, utcOffsetSeconds: offsetSeconds)
    }

    /// A `urn:uuid:` from a kind and a stable key: 128 bits of two FNV-1a hashes, marked as an RFC 9562 version 8
    /// (custom) UUID, so the same record gets the same URL in every export.
    static func fullURL(_ kind: String, _ key: String) -> String {
        let bytes = Array("\(kind):\(key)".utf8)
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return hash
        }
        var high = fnv(0)
        var low = fnv(0x9e37_79b9_7f4a_7c15)
        high = (high & 0xffff_ffff_ffff_0fff) | 0x0000_0000_0000_8000  // version 8
        low = (low & 0x3fff_ffff_ffff_ffff) | 0x8000_0000_0000_0000  // RFC 9562 variant
        let hex = String(format: "%016llx%016llx", high, low)
        let characters = Array(hex)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
        return "urn:uuid:" + groups.joined(separator: "-")
    }
}
