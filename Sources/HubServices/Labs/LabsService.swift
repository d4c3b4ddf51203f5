import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Why a lab operation did not store or show anything; each case names the result or rows at fault.
public enum LabsError: UserFacingError, Sendable, CustomStringConvertible {
    /// The typed result is invalid: the field at fault and why.
    case invalid(LabEntryProblem)
    /// The profile already holds a result of this lab taken at this instant.
    case duplicate(profile: String, analyte: String, takenAt: String)
    /// The CSV text could not be read as a lab file at all.
    case unreadableCSV(String)
    /// Rows of the CSV are invalid, so nothing was imported: each as "row N, field: reason".
    case invalidRows([String], rowCount: Int)
    /// The eGFR slope could not be built (a unit the table cannot convert).
    case slope(String)

    public var description: String {
        switch self {
        case .invalid(let problem): "\(problem)"
        case .duplicate(let profile, let analyte, let takenAt):
            "profile '\(profile)' already has a \(analyte) result taken at \(takenAt)"
        case .unreadableCSV(let reason): reason
        case .invalidRows(let problems, let rowCount):
            "\(problems.count) of \(rowCount) rows are invalid"
        case .slope(let reason): "cannot compute the eGFR slope: \(reason)"
        }
    }

    /// The refusal as data, for a front end in another language (nil for a slope, which no form asks for).
    public var userMessage: UserMessage? {
        switch self {
        case .invalid(let problem): problem.userMessage
        case .duplicate(_, let analyte, let takenAt): UserMessage(.labDuplicate, [.lab(analyte), .time(takenAt)])
        case .unreadableCSV: UserMessage(.labFileUnreadable, [])
        case .invalidRows(let problems, let rowCount):
            UserMessage(.labRowsInvalid, [.count(problems.count), .count(rowCount)])
        case .slope: nil
        }
    }
}

/// A lab result as typed, before validation: the field at fault (`value`, `date`, `unit`, …) and why.
public struct LabEntryProblem: Error, Sendable, CustomStringConvertible {
    /// The field at fault.
    public var field: String
    /// What was wrong and what is accepted.
    public var reason: String
    /// The same as data, for a front end in another language (nil when only `reason` says it).
    public var userMessage: UserMessage?
    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}

/// Lab results: adding one, listing them with eGFR and KDIGO stages, importing a CSV file.
public struct LabsService: Sendable {
    let app: HubApplication

    /// A stored result as it was recorded.
    public struct Added: Sendable {
        /// The profile it belongs to.
        public var profile: StoredProfile
        /// The validated value, in the lab's canonical unit and as entered.
        public var value: LabValue
        /// The alerts the result raised (a value beyond a critical threshold), as queued in the feed.
        public var alerts: [StoredNotification] = []
    }

    /// One listed result with what the kidney rules make of it.
    public struct Row: Sendable {
        /// The stored result.
        public var result: StoredLabResult
        /// For creatinine: eGFR derived by `CreatinineEGFR` (the one rule), or why it could not be.
        public var derivedEGFR: Result<DerivedEGFR, EGFRDerivationError>?
        /// The KDIGO stage: G for creatinine (of the derived eGFR) and eGFR, A for the urine ACR.
        public var stage: String?
    }

    /// A profile's results, oldest first.
    public struct Listing: Sendable {
        /// The profile listed.
        public var profile: StoredProfile
        /// The results.
        public var rows: [Row]
        /// For eGFR and creatinine: the slope over every eGFR value of the profile, as `trends egfr` builds it.
        public var egfrSlope: EGFRSlopeAssessment?
    }

    /// What an import stored.
    public struct Imported: Sendable {
        /// The profile imported into.
        public var profile: StoredProfile
        /// Results newly stored and results already there.
        public var outcome: LabInsertOutcome
        /// Invalid rows skipped (only with `skipInvalid`), as "row N, field: reason".
        public var skipped: [String]
        /// The alerts the results raised, as queued in the feed.
        public var alerts: [StoredNotification] = []
    }

    /// Records one result typed by the user; `date` is a date (midnight on the profile's clock) or an RFC 3339 time,
    /// now when nil. Needs the terms accepted.
    public func add(
        analyte: String,
        value: String,
        unit: String,
        date: String?,
        profile name: String?
    ) async throws -> Added {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        let now = app.now()
        let labValue: LabValue
        do {
            labValue = try Self.validate(
                analyte: analyte,
                value: value,
                unit: unit,
                date: date,
                profile: stored.profile,
                now: now
            )
        } catch {
            throw LabsError.invalid(error)
        }
        let outcome = try await app.store.insertLabResults(
            [labValue],
            profileId: stored.id,
            source: .manual,
            createdAtMs: now
        )
        guard outcome.stored == 1 else {
            throw LabsError.duplicate(
                profile: stored.name,
                analyte: labValue.analyteID,
                takenAt: RFC3339.format(labValue.takenAt)
            )
        }
        let alerts = try await app.raiseLabAlerts([labValue], profile: stored)
        return Added(profile: stored, value: labValue, alerts: alerts)
    }

    /// The profile's results (of one lab id when given), oldest first, with eGFR, stages, and for eGFR or creatinine
    /// the slope.
    public func list(analyte: String?, profile name: String?) async throws -> Listing {
        let stored = try await app.store.selectProfile(named: name)
        let id = analyte.flatMap { LabCatalog.standard.analyte(id: $0)?.id }
        let rows = try await app.store.labResults(profileId: stored.id, analyte: id).map {
            Self.row($0, profile: stored.profile)
        }
        let slope =
            id == LabAnalyte.egfr.id || id == LabAnalyte.creatinine.id
            ? try await egfrSlope(stored) : nil
        return Listing(profile: stored, rows: rows, egfrSlope: slope)
    }

    /// Imports a lab CSV (docs/labs-csv.md) in one transaction: every row is checked first, and when any is invalid
    /// nothing is stored unless `skipInvalid`. A result already stored is counted, not stored twice.
    public func importCSV(_ text: String, skipInvalid: Bool, profile name: String?) async throws -> Imported {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        let now = app.now()
        let rows: [LabCSV.Row]
        do {
            rows = try LabCSV.rows(text)
        } catch {
            throw LabsError.unreadableCSV("\(error)")
        }
        var values: [LabValue] = []
        var problems: [String] = []
        for row in rows {
            if let layoutProblem = row.layoutProblem {
                problems.append("row \(row.line), row: \(layoutProblem)")
                continue
            }
            do {
                values.append(
                    try Self.validate(
                        analyte: row.analyte,
                        value: row.value,
                        unit: row.unit,
                        date: row.date,
                        profile: stored.profile,
                        now: now
                    )
                )
            } catch {
                problems.append("row \(row.line), \(error.field): \(error.reason)")
            }
        }
        if !problems.isEmpty && !skipInvalid {
            throw LabsError.invalidRows(problems, rowCount: rows.count)
        }
        let outcome = try await app.store.insertLabResults(
            values,
            profileId: stored.id,
            source: .import,
            createdAtMs: now
        )
        let alerts = try await app.raiseLabAlerts(values, profile: stored)
        return Imported(profile: stored, outcome: outcome, skipped: problems, alerts: alerts)
    }

    /// The slope over the profile's reported eGFR and eGFR derived from creatinine, as `trends egfr` builds them.
    private func egfrSlope(_ stored: StoredProfile) async throws -> EGFRSlopeAssessment {
        let reported = try await app.store.labResults(profileId: stored.id, analyte: LabAnalyte.egfr.id).map(\.value)
        let creatinine = try await app.store.labResults(profileId: stored.id, analyte: LabAnalyte.creatinine.id)
            .map(\.value)
        return try Self.egfrSlope(reported: reported, creatinine: creatinine, profile: stored.profile)
    }

    /// The eGFR slope over the reported eGFR values and those derived from creatinine, each list oldest first.
    static func egfrSlope(reported: [LabValue], creatinine: [LabValue], profile: PatientProfile) throws
        -> EGFRSlopeAssessment
    {
        do {
            let built = try TrendSeriesBuilder.labSeries(
                .egfr,
                results: reported,
                creatinine: creatinine,
                profile: profile
            )
            return EGFRSlopeAssessment.assess(built.series.first?.points ?? [])
        } catch {
            throw LabsError.slope("\(error)")
        }
    }

    /// A stored result with its derived eGFR and KDIGO stage (`PatientStage`: G5D on dialysis, T after a transplant).
    static func row(_ stored: StoredLabResult, profile: PatientProfile) -> Row {
        let result = stored.value
        var row = Row(result: stored)
        switch result.analyteID {
        case LabAnalyte.creatinine.id:
            do {
                let derived = try CreatinineEGFR.derive(result, profile: profile)
                row.derivedEGFR = .success(derived)
                row.stage = PatientStage.text(
                    category: profile.diseaseCategory,
                    latest: try? GFRCategory(egfr: derived.egfr)
                )
            } catch {
                row.derivedEGFR = .failure(error)
            }
        case LabAnalyte.egfr.id:
            row.stage = PatientStage.text(
                category: profile.diseaseCategory,
                latest: try? GFRCategory(egfr: result.value)
            )
        case LabAnalyte.urineAlbuminCreatinineRatio.id:
            row.stage = (try? AlbuminuriaCategory(uacr: result))?.rawValue
        default:
            break
        }
        return row
    }

    /// The validated result, or the field at fault: value (a number), date (a date or time), then `LabValidation`.
    static func validate(
        analyte: String,
        value: String,
        unit: String,
        date: String?,
        profile: PatientProfile,
        now: Int64
    ) throws(LabEntryProblem) -> LabValue {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        // Plain decimal notation only: Double("0x1.6p2") would read hexadecimal as 5.5.
        guard trimmed.allSatisfy({ "0123456789.-+eE".contains($0) }), let number = Double(trimmed) else {
            throw LabEntryProblem(
                field: "value",
                reason: "'\(value)' is not a number (write it with a decimal point, e.g. 5.6)",
                userMessage: UserMessage(.notANumber, [.field("value"), .text(value)])
            )
        }
        let takenAt = try timestamp(date, profile: profile, now: now)
        do {
            return try LabValidation.validate(
                analyte: analyte.trimmingCharacters(in: .whitespaces),
                value: number,
                unit: unit.trimmingCharacters(in: .whitespaces),
                takenAt: takenAt,
                now: now
            )
        } catch {
            throw LabEntryProblem(field: error.field, reason: error.reason, userMessage: UserMessage(error))
        }
    }

    /// An RFC 3339 time, or a date at midnight in the profile's time zone; now when nil.
    static func timestamp(
        _ text: String?,
        profile: PatientProfile,
        now: Int64
    ) throws(LabEntryProblem) -> RFC3339Timestamp {
        let trimmed = text?.trimmingCharacters(in: .whitespaces)
        guard trimmed.map({ (try? RFC3339.parse($0)) != nil || (try? CalendarDate(parsing: $0)) != nil }) ?? true else {
            throw LabEntryProblem(
                field: "date",
                reason: "'\(trimmed ?? "")' is neither a date (YYYY-MM-DD) nor an RFC 3339 time with offset "
                    + "(e.g. 2026-11-03T07:30:00+01:00)",
                userMessage: UserMessage(.notADate, [.field("date"), .text(trimmed ?? "")])
            )
        }
        // A bare date is midnight on the profile's clock; the one local-time reader (`EntryTimeText`) does the rest.
        let local = trimmed.map { (try? CalendarDate(parsing: $0)) != nil ? $0 + "T00:00" : $0 }
        do {
            return try RFC3339.parse(EntryTimeText.rfc3339(local, profile: profile, now: now))
        } catch let problem as EntryTimeText.Problem {
            throw LabEntryProblem(
                field: "date",
                reason: problem.description,
                userMessage: problem.userMessage.map { message in
                    // The lab form's field is its date, not the weight form's time.
                    UserMessage(message.key, message.arguments.map { $0 == .field("at") ? .field("date") : $0 })
                }
            )
        } catch {
            throw LabEntryProblem(field: "date", reason: "\(error)")
        }
    }
}

extension HubApplication {
    /// Lab results.
    public var labs: LabsService { LabsService(app: self) }

    /// Raises the alerts of lab results just stored (`CriticalValueWatch`), pushes what became due, and returns the
    /// alerts queued for the profile meanwhile.
    func raiseLabAlerts(_ values: [LabValue], profile: StoredProfile) async throws -> [StoredNotification] {
        let before = try await store.lastNotificationId()
        try await CriticalValueWatch(store: store).labsStored(values, profile: profile, at: now())
        await notificationDispatcher().deliverDue(at: now())
        return try await store.notifications(profileId: profile.id, type: .alert, afterId: before)
    }
}
