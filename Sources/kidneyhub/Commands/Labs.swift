import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// `kidneyhub labs add|list|import`.
struct Labs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lab results with their units, eGFR (CKD-EPI 2021) and KDIGO G and A stages.",
        subcommands: [Add.self, List.self, Import.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record one lab result, for example `kidneyhub labs add potassium 5.6 mmol/L --date 2026-11-03`.",
            discussion: "Labs: \(LabCatalog.standard.ids.joined(separator: ", ")). "
                + "The terms must be accepted first (`kidneyhub terms accept`)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The lab, for example potassium or creatinine.") var analyte: String
        @Argument(help: "The value, with a decimal point.") var value: String
        @Argument(help: "The unit, for example mmol/L, mg/dL or umol/L.") var unit: String
        @Option(
            help: ArgumentHelp(
                "When the sample was taken: a date (midnight in the profile's time zone) or an RFC 3339 time (default: now).",
                valueName: "YYYY-MM-DD|RFC3339"
            )
        )
        var date: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let now = currentEpochMilliseconds()
            let labValue: LabValue
            do {
                labValue = try LabEntry.validate(
                    analyte: analyte,
                    value: value,
                    unit: unit,
                    date: date,
                    profile: stored.profile,
                    now: now
                )
            } catch {
                throw CommandFailure("not stored: \(error)")
            }
            let outcome = try await database.insertLabResults(
                [labValue],
                profileId: stored.id,
                source: .manual,
                createdAtMs: now
            )
            let text = LabEntry.valueText(
                labValue.originalValue,
                unit: labValue.originalUnit,
                analyte: labValue.analyteID
            )
            let when = RFC3339.format(labValue.takenAt)
            guard outcome.stored == 1 else {
                throw CommandFailure(
                    "not stored: profile '\(stored.name)' already has a \(labValue.analyteID) result taken at \(when)"
                )
            }
            print("Stored \(labValue.analyteID) \(text) taken at \(when) for '\(stored.name)'.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "List lab results, oldest first, with eGFR and the KDIGO G stage for creatinine and eGFR, and the A stage for the urine albumin-to-creatinine ratio."
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "Only this lab.") var analyte: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if let analyte, LabCatalog.standard.analyte(id: analyte) == nil {
                throw ValidationError(
                    "unknown lab '\(analyte)' (known: \(LabCatalog.standard.ids.joined(separator: ", ")))"
                )
            }
        }

        func run() async throws {
            let database = try openStoreForReading(store)
            let stored = try await database.selectProfile(named: profile)
            let id = analyte.flatMap { LabCatalog.standard.analyte(id: $0)?.id }
            let rows = try await database.labResults(profileId: stored.id, analyte: id).map {
                LabListing($0, profile: stored.profile)
            }
            if json {
                try printJSON(rows)
                return
            }
            printTable(
                ["DATE", "LAB", "VALUE", "LOINC", "EGFR (mL/min/1.73 m²)", "STAGE", "SOURCE"],
                rows.map { row in
                    [
                        row.takenAt, row.analyte, row.valueText, row.loinc,
                        row.egfr.map { LabEntry.fixed($0, decimals: 2) } ?? (row.egfrUnavailable == nil ? "" : "-"),
                        row.stage ?? "", row.source,
                    ]
                }
            )
            for reason in Set(rows.compactMap(\.egfrUnavailable)).sorted() {
                print("eGFR -: \(reason)")
            }
            if id == LabAnalyte.egfr.id || id == LabAnalyte.creatinine.id {
                print("eGFR slope (all values): \(try await egfrSlope(database, stored).message)")
            }
        }

        /// The slope over the profile's reported eGFR and eGFR derived from creatinine, as `trends egfr` builds them.
        private func egfrSlope(_ database: HubDatabase, _ stored: StoredProfile) async throws -> EGFRSlopeAssessment {
            let reported = try await database.labResults(profileId: stored.id, analyte: LabAnalyte.egfr.id).map(\.value)
            let creatinine = try await database.labResults(profileId: stored.id, analyte: LabAnalyte.creatinine.id)
                .map(\.value)
            do {
                let built = try TrendSeriesBuilder.labSeries(
                    .egfr,
                    results: reported,
                    creatinine: creatinine,
                    profile: stored.profile
                )
                return EGFRSlopeAssessment.assess(built.series.first?.points ?? [])
            } catch {
                throw CommandFailure("cannot compute the eGFR slope: \(error)")
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import lab results from a CSV file (all rows in one transaction).",
            discussion: """
                CSV layout (docs/labs-csv.md): UTF-8, comma-separated, no quoting, first line the header \
                `analyte,value,unit,date`, then one result a line, for example `potassium,5.6,mmol/L,2026-11-03`. \
                analyte: a lab id (\(LabCatalog.standard.ids.joined(separator: ", "))); value: a number with a \
                decimal point; unit: one the lab accepts; date: YYYY-MM-DD (midnight in the profile's time zone) or \
                an RFC 3339 time with offset. Blank lines are ignored. Every row is checked first; when any row is \
                invalid, nothing is imported and each bad row is reported (line number, field, reason), unless \
                --skip-invalid imports the valid rows. A result already stored (same lab, same time) is skipped, so \
                importing a file twice stores nothing twice.
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The CSV file.") var file: String
        @Flag(help: "Import the valid rows and report the invalid ones, instead of importing nothing.")
        var skipInvalid = false
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot read '\(file)': \(error.localizedDescription)")
            }
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let now = currentEpochMilliseconds()
            let rows: [LabCSV.Row]
            do {
                rows = try LabCSV.rows(text)
            } catch {
                throw CommandFailure("nothing imported from '\(file)': \(error)")
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
                        try LabEntry.validate(
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
                throw CommandFailure(
                    "nothing imported from '\(file)': \(problems.count) of \(rows.count) rows are invalid "
                        + "(fix them, or pass --skip-invalid to import the valid rows):\n"
                        + problems.map { "  \($0)" }.joined(separator: "\n")
                )
            }
            let outcome = try await database.insertLabResults(
                values,
                profileId: stored.id,
                source: .import,
                createdAtMs: now
            )
            print(
                "Imported \(outcome.stored) new results for '\(stored.name)' from '\(file)'; "
                    + "\(outcome.duplicates) already stored; \(problems.count) invalid rows skipped."
            )
            for problem in problems { FileHandle.standardError.write(Data("skipped \(problem)\n".utf8)) }
        }
    }
}

/// A lab result row as `labs list` shows it.
struct LabListing: Encodable {
    var id: Int64
    var analyte: String
    var loinc: String
    var value: Double
    var unit: String
    var originalValue: Double
    var originalUnit: String
    var valueText: String
    var takenAt: String
    var source: String
    var egfr: Double?
    var egfrUnit: String?
    var stage: String?
    var egfrUnavailable: String?

    init(_ row: StoredLabResult, profile: PatientProfile) {
        let result = row.value
        let lab = LabCatalog.standard.analyte(id: result.analyteID)
        id = row.id
        analyte = result.analyteID
        loinc = lab?.loinc ?? "-"
        value = result.value
        unit = result.unit
        originalValue = result.originalValue
        originalUnit = result.originalUnit
        valueText = LabEntry.valueText(result.originalValue, unit: result.originalUnit, analyte: result.analyteID)
        if result.originalUnit != result.unit {
            valueText += " (\(LabEntry.valueText(result.value, unit: result.unit, analyte: result.analyteID)))"
        }
        takenAt = RFC3339.format(result.takenAt)
        source = row.source.rawValue
        switch result.analyteID {
        case LabAnalyte.creatinine.id:
            egfrUnit = LabAnalyte.egfr.canonicalUnit.code
            do {
                let computed = try Self.egfr(result, profile: profile)
                egfr = computed
                stage = (try? GFRCategory(egfr: computed))?.rawValue
            } catch {
                egfrUnavailable = error.description
            }
        case LabAnalyte.egfr.id:
            stage = (try? GFRCategory(egfr: result.value))?.rawValue
        case LabAnalyte.urineAlbuminCreatinineRatio.id:
            stage = (try? AlbuminuriaCategory(uacr: result))?.rawValue
        default:
            break
        }
    }

    private struct Unavailable: Error, CustomStringConvertible { var description: String }

    /// CKD-EPI 2021 at the patient's age on the day the sample was taken (in the sample's own offset).
    private static func egfr(_ creatinine: LabValue, profile: PatientProfile) throws(Unavailable) -> Double {
        guard let sex = profile.sexAtBirth else {
            throw Unavailable(
                description: "CKD-EPI 2021 needs the sex at birth: `kidneyhub profile set --sex female|male`"
            )
        }
        guard let born = profile.dateOfBirth else {
            throw Unavailable(
                description: "CKD-EPI 2021 needs the date of birth: `kidneyhub profile set --birth-date YYYY-MM-DD`"
            )
        }
        let localMs = creatinine.takenAt.epochMilliseconds + Int64(creatinine.takenAt.utcOffsetSeconds) * 1000
        let msPerDay: Int64 = 86_400_000
        let day = CalendarDate(daysSinceEpoch: Int((localMs - ((localMs % msPerDay) + msPerDay) % msPerDay) / msPerDay))
        do {
            return try CKDEPI2021.egfr(creatinine: creatinine, ageYears: born.fullYears(until: day), sex: sex)
        } catch {
            throw Unavailable(description: "CKD-EPI 2021: \(error.reason)")
        }
    }
}

/// A lab result as typed or read from a CSV row, before validation; errors name the field at fault.
enum LabEntry {
    struct Problem: Error, CustomStringConvertible {
        var field: String
        var reason: String
        var description: String { "\(field): \(reason)" }
    }

    /// The validated result, or the field at fault: value (a number), date (a date or time), then `LabValidation`.
    static func validate(
        analyte: String,
        value: String,
        unit: String,
        date: String?,
        profile: PatientProfile,
        now: Int64
    ) throws(Problem) -> LabValue {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        // Plain decimal notation only: Double("0x1.6p2") would read hexadecimal as 5.5.
        guard trimmed.allSatisfy({ "0123456789.-+eE".contains($0) }), let number = Double(trimmed) else {
            throw Problem(
                field: "value",
                reason: "'\(value)' is not a number (write it with a decimal point, e.g. 5.6)"
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
            throw Problem(field: error.field, reason: error.reason)
        }
    }

    /// An RFC 3339 time, or a date at midnight in the profile's time zone; now when nil.
    static func timestamp(_ text: String?, profile: PatientProfile, now: Int64) throws(Problem) -> RFC3339Timestamp {
        let trimmed = text?.trimmingCharacters(in: .whitespaces)
        guard trimmed.map({ (try? RFC3339.parse($0)) != nil || (try? CalendarDate(parsing: $0)) != nil }) ?? true else {
            throw Problem(
                field: "date",
                reason: "'\(trimmed ?? "")' is neither a date (YYYY-MM-DD) nor an RFC 3339 time with offset "
                    + "(e.g. 2026-11-03T07:30:00+01:00)"
            )
        }
        // A bare date is midnight on the profile's clock; the one local-time reader (`EntryTime`) does the rest.
        let local = trimmed.map { (try? CalendarDate(parsing: $0)) != nil ? $0 + "T00:00" : $0 }
        do {
            return try RFC3339.parse(EntryTime.rfc3339(local, profile: profile, now: now))
        } catch let problem as EntryTime.Problem {
            throw Problem(field: "date", reason: problem.description)
        } catch {
            throw Problem(field: "date", reason: "\(error)")
        }
    }

    /// "5.6 mmol/L": the value with its unit's decimals, and the unit beside it.
    static func valueText(_ value: Double, unit: String, analyte: String) -> String {
        let decimals = LabCatalog.standard.analyte(id: analyte)?.unit(named: unit)?.decimals ?? 2
        return "\(fixed(value, decimals: decimals)) \(unit)"
    }

    /// `value` with `decimals` decimals.
    static func fixed(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(max(0, min(decimals, 6)))f", value)
    }
}
