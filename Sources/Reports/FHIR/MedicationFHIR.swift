import Care
import Clinical
import Foundation
import HubCore

/// Medication orders as FHIR R4 `MedicationRequest` and dose log entries as `MedicationAdministration`.
///
/// Identifiers are the hub's UUIDs (`id`, `identifier` and the entry's `urn:uuid:` full URL), so an order exported
/// twice is the same resource, and an import into another store keeps it. `Dosage.text` carries the English
/// instructions for readers that show text; the hub never reads it back (instructions come from the structure).
public enum MedicationFHIR {
    public static let orderIdentifierSystem = MedicationFHIRImport.orderIdentifierSystem
    public static let doseIdentifierSystem = "urn:kidneyhub:medication-dose"
    public static let rxNormSystem = MedicationFHIRImport.rxNormSystem
    public static let snomedSystem = "http://snomed.info/sct"

    /// The entry's full URL for an order or a dose: its UUID as a URN.
    public static func fullURL(_ id: UUID) -> String { "urn:uuid:\(id.uuidString.lowercased())" }

    /// An order as a `MedicationRequest` about `patient` (a reference).
    public static func request(_ order: MedicationOrder, patient: String) -> FHIRJSON {
        let id = order.id.uuidString.lowercased()
        var members: [(String, FHIRJSON)] = [
            ("resourceType", .string("MedicationRequest")),
            ("id", .string(id)),
            ("identifier", .array([FHIRBundleBuilder.identifier(orderIdentifierSystem, id)])),
            ("status", .string(order.status.rawValue)),
            ("intent", .string("order")),
            ("medicationCodeableConcept", medication(order.medication)),
            ("subject", .object([("reference", .string(patient))])),
        ]
        if let authored = order.authoredOn { members.append(("authoredOn", .string(authored.description))) }
        switch order.prescriber {
        case .patient: members.append(("requester", .object([("reference", .string(patient))])))
        case .clinician(let name): members.append(("requester", .object([("display", .string(name))])))
        }
        if let reason = order.reason { members.append(("reasonCode", .array([.object([("text", .string(reason))])]))) }
        if let note = order.note { members.append(("note", .array([.object([("text", .string(note))])]))) }
        if !order.dosages.isEmpty {
            members.append(
                ("dosageInstruction", .array(order.dosages.enumerated().map { dosage($1, sequence: $0 + 1) }))
            )
        }
        return .object(members)
    }

    static func medication(_ code: MedicationCode) -> FHIRJSON {
        var members: [(String, FHIRJSON)] = []
        if let rxNorm = code.rxNorm {
            members.append(
                (
                    "coding",
                    .array([
                        .object([
                            ("system", .string(rxNormSystem)), ("code", .string(rxNorm)),
                            ("display", .string(code.name)),
                        ])
                    ])
                )
            )
        }
        members.append(("text", .string(code.name)))
        return .object(members)
    }

    static func dosage(_ dosage: DosageInstruction, sequence: Int) -> FHIRJSON {
        var members: [(String, FHIRJSON)] = []
        if let dialysis = dosage.dialysis {
            var parts: [FHIRJSON] = []
            if let days = dialysis.days {
                parts.append(.object([("url", .string("days")), ("valueCode", .string(days.rawValue))]))
            }
            if let event = dialysis.event {
                parts.append(.object([("url", .string("event")), ("valueCode", .string(event.rawValue))]))
            }
            if let offset = dialysis.offsetMinutes {
                parts.append(.object([("url", .string("offset")), ("valueInteger", .integer(Int64(offset)))]))
            }
            members.append(
                (
                    "extension",
                    .array([.object([("url", .string(DialysisTiming.extensionURL)), ("extension", .array(parts))])])
                )
            )
        }
        members.append(("sequence", .integer(Int64(sequence))))
        members.append(("text", .string(InstructionText.render(dosage, in: .english))))
        if let timing = dosage.timing { members.append(("timing", .object([("repeat", timingRepeat(timing))]))) }
        if let asNeeded = dosage.asNeeded {
            if let reason = asNeeded.reason {
                members.append(("asNeededCodeableConcept", .object([("text", .string(reason))])))
            } else {
                members.append(("asNeededBoolean", .bool(true)))
            }
        }
        if let route = dosage.route {
            members.append(
                (
                    "route",
                    .object([
                        (
                            "coding",
                            .array([
                                .object([
                                    ("system", .string(snomedSystem)), ("code", .string(route.snomed)),
                                    ("display", .string(route.rawValue)),
                                ])
                            ])
                        )
                    ])
                )
            )
        }
        switch dosage.dose {
        case .quantity(let value, let unit)?:
            members.append(("doseAndRate", .array([.object([("doseQuantity", quantity(value, unit))])])))
        case .range(let low, let high, let unit)?:
            members.append(
                (
                    "doseAndRate",
                    .array([
                        .object([
                            ("doseRange", .object([("low", quantity(low, unit)), ("high", quantity(high, unit))]))
                        ])
                    ])
                )
            )
        case nil: break
        }
        return .object(members)
    }

    static func quantity(_ value: Double, _ unit: DoseUnit) -> FHIRJSON {
        let display = unit.ucum.trimmingCharacters(in: CharacterSet(charactersIn: "{}[]"))
        return FHIRBundleBuilder.quantity(value, unit: display == "drp" ? "drop" : display, ucum: unit.ucum)
    }

    static func timingRepeat(_ timing: TimingRepeat) -> FHIRJSON {
        var members: [(String, FHIRJSON)] = []
        switch timing.bounds {
        case .duration(let value, let unit)?:
            members.append(
                ("boundsDuration", FHIRBundleBuilder.quantity(value, unit: unit.rawValue, ucum: unit.rawValue))
            )
        case .period(let start, let end)?:
            var period: [(String, FHIRJSON)] = []
            if let start { period.append(("start", .string(start.description))) }
            if let end { period.append(("end", .string(end.description))) }
            members.append(("boundsPeriod", .object(period)))
        case nil: break
        }
        func int(_ name: String, _ value: Int?) { if let value { members.append((name, .integer(Int64(value)))) } }
        func decimal(_ name: String, _ value: Double?) { if let value { members.append((name, .number(value))) } }
        int("count", timing.count)
        int("countMax", timing.countMax)
        decimal("duration", timing.duration)
        decimal("durationMax", timing.durationMax)
        if let unit = timing.durationUnit { members.append(("durationUnit", .string(unit.rawValue))) }
        int("frequency", timing.frequency)
        int("frequencyMax", timing.frequencyMax)
        decimal("period", timing.period)
        decimal("periodMax", timing.periodMax)
        if let unit = timing.periodUnit { members.append(("periodUnit", .string(unit.rawValue))) }
        if !timing.dayOfWeek.isEmpty {
            members.append(("dayOfWeek", .array(timing.dayOfWeek.map { .string(String($0.rawValue.prefix(3))) })))
        }
        if !timing.timeOfDay.isEmpty {
            members.append(("timeOfDay", .array(timing.timeOfDay.map { .string("\($0):00") })))
        }
        if !timing.when.isEmpty { members.append(("when", .array(timing.when.map { .string($0.rawValue) }))) }
        int("offset", timing.offset)
        return .object(members)
    }

    /// A dose log entry as a `MedicationAdministration`; `dueAtMs` is the scheduled time (used as the effective
    /// time of a dose not taken), `offsetSeconds` the profile's UTC offset for the times written.
    public static func administration(
        _ record: DoseRecord,
        medication: MedicationCode,
        dueAtMs: Int64?,
        patient: String,
        offsetSeconds: (Int64) -> Int
    ) -> FHIRJSON {
        let id = record.id.uuidString.lowercased()
        var members: [(String, FHIRJSON)] = [
            ("resourceType", .string("MedicationAdministration")),
            ("id", .string(id)),
            ("identifier", .array([FHIRBundleBuilder.identifier(doseIdentifierSystem, id)])),
            ("status", .string(record.status.rawValue)),
        ]
        if record.status != .taken, let reason = record.reason {
            members.append(("statusReason", .array([.object([("text", .string(reason))])])))
        }
        members.append(("medicationCodeableConcept", self.medication(medication)))
        members.append(("subject", .object([("reference", .string(patient))])))
        let effective = record.takenAtMs ?? dueAtMs ?? record.recordedAtMs
        members.append(("effectiveDateTime", .string(FHIRBundleBuilder.dateTime(effective, offsetSeconds(effective)))))
        members.append(("request", .object([("reference", .string(fullURL(record.orderId)))])))
        return .object(members)
    }
}

extension MedicationFHIR {
    /// When a scheduled dose was due (the effective time of a dose not taken), nil for a dose off the schedule.
    static func dueAtMs(_ record: DoseRecord, order: MedicationOrder, patient day: PatientDay) -> Int64? {
        record.dose.flatMap { key in
            DoseSchedule.doses(for: [order], on: key.date, patient: day).first { $0.key == key }?.dueAtMs
        }
    }

    /// A `collection` Bundle: the Patient, every order, and every log entry (with its scheduled time where known).
    public static func bundle(
        profileId: Int64,
        profileName: String,
        patientIdentifier: String,
        orders: [MedicationOrder],
        log: [DoseRecord],
        patient day: PatientDay,
        timeZone: TimeZone
    ) -> FHIRJSON {
        let patientURL = FHIRBundleBuilder.fullURL("patient", "\(profileId)")
        let patient = FHIRJSON.object([
            ("resourceType", .string("Patient")),
            ("identifier", .array([FHIRBundleBuilder.patientIdentifier(patientIdentifier)])),
            ("name", .array([.object([("text", .string(profileName))])])),
        ])
        var entries = [FHIRBundleBuilder.entry(patientURL, patient)]
        for order in orders {
            entries.append(FHIRBundleBuilder.entry(fullURL(order.id), request(order, patient: patientURL)))
        }
        let byId = Dictionary(orders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in log {
            guard let order = byId[record.orderId] else { continue }
            let due = dueAtMs(record, order: order, patient: day)
            let resource = administration(record, medication: order.medication, dueAtMs: due, patient: patientURL) {
                timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0) / 1000))
            }
            entries.append(FHIRBundleBuilder.entry(fullURL(record.id), resource))
        }
        return .object([
            ("resourceType", .string("Bundle")), ("type", .string("collection")), ("entry", .array(entries)),
        ])
    }
}
