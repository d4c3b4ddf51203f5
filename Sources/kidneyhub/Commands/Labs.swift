import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub labs add|list|import`.
struct Labs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lab results with their units, eGFR (CKD-EPI 2021) and KDIGO G and A stages.",
        subcommands: [Add.self, List.self, Import.self, Edit.self, Delete.self]
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
            let added: LabsService.Added
            do {
                added = try await store.openForWriting().labs.add(
                    analyte: analyte,
                    value: value,
                    unit: unit,
                    date: date,
                    profile: profile
                )
            } catch let error as LabsError {
                throw CommandFailure("not stored: \(error)")
            }
            let labValue = added.value
            let text = LabEntry.valueText(
                labValue.originalValue,
                unit: labValue.originalUnit,
                analyte: labValue.analyteID
            )
            let zone = (try? added.profile.profile.timeZone()) ?? .gmt
            print(
                "Stored \(labValue.analyteID) \(text) taken "
                    + "\(LocalMinute.text(labValue.takenAt.epochMilliseconds, in: zone)) for '\(added.profile.name)'."
            )
            AlertLines.print(added.alerts)
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
            let listing: LabsService.Listing
            do {
                listing = try await store.openForReading().labs.list(analyte: analyte, profile: profile)
            } catch let error as LabsError {
                throw CommandFailure("\(error)")
            }
            let rows = listing.rows.map(LabListing.init)
            if json {
                try printJSON(rows)
                return
            }
            printTable(
                ["ID", "DATE", "LAB", "VALUE", "LOINC", "EGFR (mL/min/1.73 m²)", "STAGE", "SOURCE"],
                zip(listing.rows, rows).map { listed, row in
                    [
                        // Times to the minute on the clock the sample was taken on; `--json` keeps RFC 3339.
                        "\(row.id)", LocalMinute.text(listed.result.value.takenAt), row.analyte, row.valueText,
                        row.loinc,
                        row.egfr.map { LabEntry.fixed($0, decimals: 2) } ?? (row.egfrUnavailable == nil ? "" : "-"),
                        row.stage ?? "", row.source,
                    ]
                }
            )
            for reason in Set(rows.compactMap(\.egfrUnavailable)).sorted() {
                print("eGFR -: \(reason)")
            }
            if let slope = listing.egfrSlope {
                print("eGFR slope (all values): \(slope.message)")
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
            let imported: LabsService.Imported
            do {
                imported = try await store.openForWriting().labs.importCSV(
                    text,
                    skipInvalid: skipInvalid,
                    profile: profile
                )
            } catch LabsError.unreadableCSV(let reason) {
                throw CommandFailure("nothing imported from '\(file)': \(reason)")
            } catch LabsError.invalidRows(let problems, let rowCount) {
                throw CommandFailure(
                    "nothing imported from '\(file)': \(problems.count) of \(rowCount) rows are invalid "
                        + "(fix them, or pass --skip-invalid to import the valid rows):\n"
                        + problems.map { "  \($0)" }.joined(separator: "\n")
                )
            }
            print(
                "Imported \(imported.outcome.stored) new results for '\(imported.profile.name)' from '\(file)'; "
                    + "\(imported.outcome.duplicates) already stored; \(imported.skipped.count) invalid rows skipped."
            )
            for problem in imported.skipped { FileHandle.standardError.write(Data("skipped \(problem)\n".utf8)) }
            AlertLines.print(imported.alerts)
        }
    }
}

/// `kidneyhub labs edit|delete`: corrections of lab results (each recorded with the old value).
extension Labs {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a lab result: `kidneyhub labs edit ID 5.2 mmol/L` (the lab stays; --date to move it)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The result's id (see `kidneyhub labs list --json`).") var id: Int64
        @Argument(help: "The corrected value, with a decimal point.") var value: String
        @Argument(help: "The unit, for example mmol/L or mg/dL.") var unit: String
        @Option(help: ArgumentHelp("A corrected time.", valueName: "YYYY-MM-DD|RFC3339")) var date: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let old: StoredLabResult
            do {
                old = try await store.openForWriting().labs.edit(
                    id: id,
                    value: value,
                    unit: unit,
                    date: date,
                    profile: profile
                )
            } catch let error as LabsError {
                throw CommandFailure("not changed: \(error)")
            }
            let was = LabEntry.valueText(
                old.value.originalValue,
                unit: old.value.originalUnit,
                analyte: old.value.analyteID
            )
            print("Lab #\(id) (\(old.value.analyteID)) is now \(value) \(unit) (was \(was)).")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a lab result (recorded).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The result's id (see `kidneyhub labs list --json`).") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let old = try await store.openForWriting().labs.delete(id: id, profile: profile)
            let was = LabEntry.valueText(
                old.value.originalValue,
                unit: old.value.originalUnit,
                analyte: old.value.analyteID
            )
            print("Deleted lab #\(id) (\(old.value.analyteID) \(was)).")
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

    /// The sample's local day (profile's time zone) the derived eGFR was computed for; creatinine only.
    var egfrDate: String?

    init(_ listed: LabsService.Row) {
        let row = listed.result
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
        stage = listed.stage
        switch listed.derivedEGFR {
        case .success(let derived):
            egfrUnit = LabAnalyte.egfr.canonicalUnit.code
            egfr = derived.egfr
            egfrDate = derived.sampleDay.description
        case .failure(let error):
            egfrUnit = LabAnalyte.egfr.canonicalUnit.code
            egfrUnavailable = Self.unavailableText(error)
        case nil:
            break
        }
    }

    /// Why no eGFR, with the command that fixes it.
    private static func unavailableText(_ error: EGFRDerivationError) -> String {
        switch error {
        case .missingSexAtBirth:
            "CKD-EPI 2021 needs the sex at birth: `kidneyhub profile set --sex female|male`"
        case .missingDateOfBirth:
            "CKD-EPI 2021 needs the date of birth: `kidneyhub profile set --birth-date YYYY-MM-DD`"
        case .unknownTimeZone, .equation:
            error.description
        }
    }
}

/// Formatting of lab values for the terminal.
enum LabEntry {
    /// "5.6 mmol/L": the value with its unit's decimals, and the unit beside it.
    static func valueText(_ value: Double, unit: String, analyte: String) -> String {
        let decimals = LabCatalog.standard.analyte(id: analyte)?.unit(named: unit)?.decimals ?? 2
        return "\(fixed(value, decimals: decimals)) \(UnitDisplayName.text(unit))"
    }

    /// `value` with `decimals` decimals.
    static func fixed(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(max(0, min(decimals, 6)))f", value)
    }
}
