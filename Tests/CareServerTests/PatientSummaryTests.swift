import CareServerStore
import Foundation
import TestSupport
import Testing

/// The patient list's summary (`patient_summary`, migration v7) against the readings themselves: whatever order a
/// hub's pushes arrive in, however often one is repeated, and when a conditional update replaces a value, the list
/// reads what the stored readings say, which this test works out on its own from what it pushed.
extension CareStoreTests {
    @Test("the patient list's summary agrees with the readings after every push: out of order, repeated, updated")
    func summaryFollowsReadings() async throws {
        try await withStore { store async throws in
            try await store.migrate()
            let clinic = try await store.clinic(named: "North")
            let patient = try await store.createAccount(
                NewAccount(clinicID: clinic, role: .patient, username: "9000000010", passwordHash: "x", firstName: "D")
            ) { _ in nil }
            let audit: @Sendable (Int) -> AuditEvent = { _ in
                AuditEvent(
                    clinicID: clinic,
                    actorID: patient.id,
                    actorRole: .patient,
                    action: "create",
                    resource: "reading",
                    patientID: patient.id,
                    resourceID: nil,
                    address: "127.0.0.1"
                )
            }
            let doseWindow = Date(timeIntervalSince1970: 0)
            let empty = try #require(
                try await store.patientOverviews(clinicID: clinic, onlyPatient: patient.id, dosesSince: doseWindow)
                    .first
            )
            #expect(empty.preDialysisWeight == nil && empty.lastDataAt == nil)

            var generator = SplitMix64(seed: 20)
            let readings = SummaryHistory.readings().shuffled(using: &generator)
            var pushes = stride(from: 0, to: readings.count, by: 9).map {
                Array(readings[$0..<min($0 + 9, readings.count)])
            }
            // Some pushes arrive twice (a hub that did not hear the answer sends the same Bundle again).
            for index in stride(from: 3, to: pushes.count, by: 4) { pushes.insert(pushes[index - 2], at: index) }
            var stored: [String: SyncReading] = [:]
            for push in pushes {
                _ = try await store.storeSync(patientID: patient.id, readings: push, administrations: [], audit: audit)
                for reading in push where stored[reading.identifierValue] == nil {
                    stored[reading.identifierValue] = reading
                }
                let read = try await store.patientOverviews(
                    clinicID: clinic,
                    onlyPatient: patient.id,
                    dosesSince: doseWindow
                )
                let only = try #require(read.count == 1 ? read.first : nil)
                #expect(Summary(only) == Summary(expectedFrom: Array(stored.values)))
            }
            #expect(try await store.readingCount(patientID: patient.id) == stored.count)

            // A conditional update replaces the newest potassium (and the summary with it); an older version
            // arriving afterwards replaces nothing.
            let newestPotassium = try #require(
                stored.values.filter { PortalCodes.potassium.contains($0.code) }.max { $0.effectiveAt < $1.effectiveAt }
            )
            for (value, version) in [(6.4, 2_000.0), (5.0, 1_000.0)] {
                var update = newestPotassium
                update.value = value
                update.resourceJSON = SummaryHistory.resource(code: update.code, value: value)
                update.version = Date(timeIntervalSince1970: SummaryHistory.start + version)
                _ = try await store.storeSync(
                    patientID: patient.id,
                    readings: [update],
                    administrations: [],
                    audit: audit
                )
            }
            let updated = try #require(
                try await store.patientOverviews(clinicID: clinic, onlyPatient: patient.id, dosesSince: doseWindow)
                    .first
            )
            #expect(updated.potassium?.value == 6.4)

            // Symptom lists: the highest scale of the newest list, and its time counts as data.
            for scales: [Int32] in [[2, 9], [3, 5, 1]] {
                _ = try await store.addSymptomList(
                    patientID: patient.id,
                    scales.enumerated().map { SymptomEntry(symptomNo: Int32($0.offset + 1), scale: $0.element) }
                ) { id in
                    AuditEvent(
                        clinicID: clinic,
                        actorID: patient.id,
                        actorRole: .patient,
                        action: "create",
                        resource: "symptom_list",
                        patientID: patient.id,
                        resourceID: id,
                        address: "127.0.0.1"
                    )
                }
            }
            let withLists = try #require(
                try await store.patientOverviews(clinicID: clinic, onlyPatient: patient.id, dosesSince: doseWindow)
                    .first
            )
            #expect(withLists.symptomScore?.value == 5)
            let listAt = try #require(withLists.symptomScore?.at)
            #expect(withLists.lastDataAt == max(listAt, Summary(expectedFrom: Array(stored.values)).lastData ?? listAt))
        }
    }
}

/// What the list reads of one patient, times to the second (PostgreSQL keeps microseconds).
private struct Summary: Equatable {
    var pre: [Double]?
    var post: [Double]?
    var potassium: [Double]?
    var pressure: [Double]?
    var lastData: Date?

    init(_ o: PatientOverview) {
        pre = o.preDialysisWeight.map { [$0.value, $0.at.timeIntervalSince1970.rounded()] }
        post = o.previousPostDialysisWeight.map { [$0.value, $0.at.timeIntervalSince1970.rounded()] }
        potassium = o.potassium.map { [$0.value, $0.at.timeIntervalSince1970.rounded()] }
        pressure = o.preDialysisPressure.map { [$0.systolic, $0.diastolic, $0.at.timeIntervalSince1970.rounded()] }
        lastData = o.lastDataAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded()) }
    }

    /// The same values worked out from the readings: the newest pre-dialysis weight, the newest post-dialysis one
    /// before it, the newest potassium, the pressure of the newest session (a pre-dialysis weight in the 30 days
    /// to the newest) with a pressure within the hour, the newest reading's time.
    init(expectedFrom readings: [SyncReading]) {
        func newest(_ kept: (SyncReading) -> Bool) -> SyncReading? {
            readings.filter(kept).max { $0.effectiveAt < $1.effectiveAt }
        }
        let preWeight = newest { SummaryHistory.phase(of: $0) == "pre" }
        pre = preWeight.map { [$0.value ?? .nan, $0.effectiveAt.timeIntervalSince1970] }
        post = preWeight.flatMap { preWeight in
            newest { SummaryHistory.phase(of: $0) == "post" && $0.effectiveAt < preWeight.effectiveAt }
        }.map { [$0.value ?? .nan, $0.effectiveAt.timeIntervalSince1970] }
        potassium = newest { PortalCodes.potassium.contains($0.code) }.map {
            [$0.value ?? .nan, $0.effectiveAt.timeIntervalSince1970]
        }
        pressure = nil
        if let preWeight {
            let sessions = readings.filter {
                SummaryHistory.phase(of: $0) == "pre"
                    && $0.effectiveAt >= preWeight.effectiveAt.addingTimeInterval(-30 * 86_400)
            }.sorted { $0.effectiveAt > $1.effectiveAt }
            for session in sessions {
                let near = readings.filter {
                    $0.code == PortalCodes.bloodPressurePanel
                        && abs($0.effectiveAt.timeIntervalSince(session.effectiveAt)) <= 3_600
                }.max { $0.effectiveAt < $1.effectiveAt }
                if let near, let (systolic, diastolic) = SummaryHistory.pressure(of: near) {
                    pressure = [systolic, diastolic, near.effectiveAt.timeIntervalSince1970]
                    break
                }
            }
        }
        lastData = readings.map(\.effectiveAt).max()
    }
}

/// Six weeks of a dialysis patient's readings as a hub pushes them, with whole-second times: a pre- and a
/// post-dialysis weight and a pressure beside the pre weight on session days, an untagged home weight and a home
/// pressure daily, a potassium weekly. The newest session has no pressure within the hour, so the list must take
/// the one before.
private enum SummaryHistory {
    static let start = 1_790_000_000.0
    static let phaseURL = PortalCodes.dialysisPhaseExtension

    static func readings() -> [SyncReading] {
        var readings: [SyncReading] = []
        func add(_ id: String, _ code: String, _ value: Double?, _ at: Double, _ json: String) {
            readings.append(
                SyncReading(
                    identifierSystem: "urn:kidneyhub:measurement",
                    identifierValue: id,
                    codeSystem: PortalCodes.loinc,
                    code: code,
                    value: value,
                    unit: value == nil ? nil : "kg",
                    effectiveAt: Date(timeIntervalSince1970: start + at),
                    resourceJSON: json
                )
            )
        }
        let day = 86_400.0
        for d in 0..<42 {
            let at = Double(d) * day
            if d % 7 == 0 || d % 7 == 2 || d % 7 == 4 {
                let pre = 70 + Double((d * 7) % 30) / 10
                add("pre-\(d)", PortalCodes.bodyWeight, pre, at + 7 * 3_600, weight(pre, "pre"))
                let post = 68 + Double((d * 3) % 10) / 10
                add("post-\(d)", PortalCodes.bodyWeight, post, at + 12 * 3_600, weight(post, "post"))
                if d != 39 {  // the newest session (day 39) has no pressure beside its weight
                    add(
                        "bp-pre-\(d)",
                        PortalCodes.bloodPressurePanel,
                        nil,
                        at + 7 * 3_600 + 300,
                        bloodPressure(Double(120 + (d * 5) % 40), Double(70 + (d * 3) % 25))
                    )
                }
            }
            add("home-\(d)", PortalCodes.bodyWeight, 70, at + 21 * 3_600, #"{"resourceType":"Observation"}"#)
            add("bp-home-\(d)", PortalCodes.bloodPressurePanel, nil, at + 20 * 3_600, bloodPressure(150, 95))
            if d % 7 == 3 {
                let potassium = 4 + Double(d % 25) / 10
                add(
                    "k-\(d)",
                    PortalCodes.potassium[d % 2],
                    potassium,
                    at + 9 * 3_600,
                    resource(code: "k", value: potassium)
                )
            }
        }
        return readings
    }

    static func weight(_ kg: Double, _ phase: String) -> String {
        #"{"resourceType":"Observation","extension":[{"url":"\#(phaseURL)","valueCode":"\#(phase)"}],"#
            + #""valueQuantity":{"value":\#(kg),"unit":"kg"}}"#
    }

    static func bloodPressure(_ systolic: Double, _ diastolic: Double) -> String {
        #"{"resourceType":"Observation","component":[{"code":{"coding":[{"code":"\#(PortalCodes.systolic)"}]},"#
            + #""valueQuantity":{"value":\#(systolic)}},{"code":{"coding":[{"code":"\#(PortalCodes.diastolic)"}]},"#
            + #""valueQuantity":{"value":\#(diastolic)}}]}"#
    }

    static func resource(code: String, value: Double) -> String {
        #"{"resourceType":"Observation","code":{"text":"\#(code)"},"valueQuantity":{"value":\#(value)}}"#
    }

    static func phase(of reading: SyncReading) -> String? {
        guard reading.code == PortalCodes.bodyWeight, reading.value != nil else { return nil }
        if reading.resourceJSON.contains(#""valueCode":"pre""#) { return "pre" }
        if reading.resourceJSON.contains(#""valueCode":"post""#) { return "post" }
        return nil
    }

    static func pressure(of reading: SyncReading) -> (Double, Double)? {
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(reading.resourceJSON.utf8)) as? [String: Any],
            let components = object["component"] as? [[String: Any]]
        else { return nil }
        func value(_ code: String) -> Double? {
            components.first { component in
                ((component["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
                    == code
            }.flatMap { ($0["valueQuantity"] as? [String: Any])?["value"] as? Double }
        }
        guard let systolic = value(PortalCodes.systolic), let diastolic = value(PortalCodes.diastolic) else {
            return nil
        }
        return (systolic, diastolic)
    }
}
