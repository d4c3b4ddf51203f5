import AdapterProtocol
import CSV
import Foundation

/// Reads a Fitbit export (any of the four layouts, formats.md §1) from a folder or zip and hands its
/// records to `output`.
///
/// Each data file is read whole (they are small: a day or a month each, formats.md §1.2) and is all or
/// nothing when it is not valid JSON/CSV: the file is reported and skipped, the others import. A record
/// that cannot be read is reported with its file and byte offset, and the rest of its file imports.
///
/// Record ids are built from what the record is, never from the file it came in: weights and sleeps by
/// Fitbit's `logId`, intraday samples by kind and UTC instant, daily values by kind and date. So a
/// re-import of the same archive, a newer archive that overlaps it, or the JSON and CSV copies of one
/// sample in a Google Health Takeout (formats.md §1.8, "double counting") store nothing twice.
struct FitbitImporter {
    let source: ImportSource
    let output: ImportOutput
    /// Zone for local wall-clock stamps when the export's Profile.csv names none.
    let fallbackZone: TimeZone

    func run() throws {
        // A folder given itself may be the layout folder (`Global Export Data`, `user-site-export`).
        let root = source.container == .folder ? (source.path as NSString).lastPathComponent : ""
        let files = source.members.compactMap { FitbitFile.classify($0, root: root) }
        let dataFiles = files.filter { $0.family != .profile && $0.family != .height }
        guard !dataFiles.isEmpty else {
            throw ImportFailure(location: source.path, reason: Self.nothingFound(in: source))
        }
        try report(files, root: root)
        let profile = try files.first { $0.family == .profile }.map { try FitbitProfile(csv: source.read($0.member)) }
        let zone = FitbitZone(
            local: profile?.timeZone ?? fallbackZone,
            intradayUTC: try intradayIsUTC(files.filter { $0.family == .heartRate && $0.layout != .googleHealthCSV })
        )
        let height = try profile?.heightMetres ?? latestHeight(files.filter { $0.family == .height })
        let device = DeviceIdentity(
            deviceId: "fitbit:\(profile?.userId ?? "account")",
            manufacturer: "Fitbit",
            model: "account export"
        )
        var reader = FitbitRecordReader(zone: zone, heightMetres: height, device: device, output: output)
        let total = dataFiles.reduce(0) { $0 + $1.member.size }
        var done = 0
        for file in dataFiles {
            let bytes = try source.read(file.member)
            try reader.read(file, bytes)
            done += file.member.size
            try output.progress(done: done, total: total)
        }
    }

    /// What was expected, in words, and what the path holds instead.
    static func nothingFound(in source: ImportSource) -> String {
        let held =
            source.container == .file
            ? "it is a single file"
            : "it holds \(ImportOutput.grouped(source.members.count)) files, none of them Fitbit data"
        return
            "no Fitbit data files in it: expected JSON files such as weight-2020-01-01.json or steps-2020-01-01.json in a folder named user-site-export, Global Export Data, Personal & Account, Physical Activity or Sleep (or CSV files in Physical Activity_GoogleData), in a Fitbit archive, a Google Takeout or that folder itself; \(held)"
    }

    /// Says what was found where (`(found)` entries: the layout folder, its files per family) and
    /// which files inside those folders were left out (`(skipped)` entries, per sub-folder and kind
    /// of file), so files sorted into sub-folders or of families the hub does not keep are never
    /// passed over without notice.
    func report(_ files: [FitbitFile], root: String) throws {
        var found: [String: (layout: FitbitFile.Layout, families: [String: Int])] = [:]
        for file in files {
            guard let (layout, folder) = FitbitFile.layoutFolder(of: file.member, root: root) else { continue }
            found[folder, default: (layout, [:])].families[file.family.rawValue, default: 0] += 1
        }
        for (folder, entry) in found.sorted(by: { $0.key < $1.key }) {
            let total = entry.families.values.reduce(0, +)
            let families = entry.families.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            try output.problem(
                ImportOutput.foundLocation,
                "found: \(ImportOutput.grouped(total)) files in \(folder) (\(entry.layout.rawValue) layout): \(families.joined(separator: ", "))"
            )
        }
        let read = Set(files.map(\.member.path))
        var skipped: [Skipped: Int] = [:]
        for member in source.members where !read.contains(member.path) {
            guard FitbitFile.layoutFolder(of: member, root: root) != nil else { continue }
            let parent = member.path.split(separator: "/").dropLast().joined(separator: "/")
            // Inside a layout folder given itself, named from it ("user-site-export/altitude").
            let rootIsLayout = FitbitFile.layoutFolders[root] != nil
            let folder = parent.isEmpty ? root : rootIsLayout ? "\(root)/\(parent)" : parent
            skipped[Skipped(kind: Self.fileKind(member.name), folder: folder), default: 0] += 1
        }
        for (what, count) in skipped.sorted(by: { ($0.key.folder, $0.key.kind) < ($1.key.folder, $1.key.kind) }) {
            try output.problem(
                ImportOutput.skippedLocation,
                "skipped: \(ImportOutput.grouped(count)) \(what.kind) \(count == 1 ? "file" : "files") in \(what.folder) (not a kind the hub keeps)"
            )
        }
    }

    private struct Skipped: Hashable {
        var kind: String
        var folder: String
    }

    /// "altitude" for `altitude-2015-05-17.json`, "sleep_score.csv" for a file without a dated name.
    static func fileKind(_ name: String) -> String {
        guard name.hasSuffix(".json"), let dash = name.firstIndex(of: "-") else { return name }
        return String(name[..<dash])
    }

    /// The boundary method of formats.md §1.4: a day file `heart_rate-D.json` whose first sample is on
    /// D at about midnight holds local time; one that starts on the day before (at 24 − offset hours)
    /// holds UTC. Most files decide; with no evidence the archive is taken as UTC, as observed.
    func intradayIsUTC(_ heartRateFiles: [FitbitFile]) throws -> Bool {
        var utcVotes = 0
        var localVotes = 0
        for file in heartRateFiles.prefix(7) {
            guard let fileDay = Self.fileDate(file.member.name) else { continue }
            let bytes = try source.read(file.member)
            guard let first = Self.firstDateTime(bytes), let wall = FitbitTime.usWallClock(first) else { continue }
            let sampleDay = wall / 86_400
            if sampleDay == fileDay, wall % 86_400 < 3600 {
                localVotes += 1
            } else if sampleDay == fileDay - 1 {
                utcVotes += 1
            }
        }
        return utcVotes >= localVotes
    }

    /// Days since 1970 of the date in `<family>-YYYY-MM-DD.json`.
    static func fileDate(_ name: String) -> Int64? {
        guard name.hasSuffix(".json"), name.count >= 15 else { return nil }
        let stem = name.dropLast(5)
        let date = String(stem.suffix(10))
        guard let wall = FitbitTime.isoWallClock(date) else { return nil }
        return wall / 86_400
    }

    /// The first `"dateTime" : "…"` value in a file, found without parsing it all.
    static func firstDateTime(_ bytes: [UInt8]) -> String? {
        let key = Array("\"dateTime\"".utf8)
        guard bytes.count > key.count else { return nil }
        var index = 0
        while index + key.count < bytes.count {
            if bytes[index] == 0x22, bytes[index..<(index + key.count)].elementsEqual(key) {
                var cursor = index + key.count
                while cursor < bytes.count, bytes[cursor] != 0x22 { cursor += 1 }
                let start = cursor + 1
                var end = start
                while end < bytes.count, bytes[end] != 0x22 { end += 1 }
                guard end < bytes.count else { return nil }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }

    /// The newest height in the `height-*.json` files (mm as strings, formats.md §1.3), in metres.
    func latestHeight(_ files: [FitbitFile]) throws -> Double? {
        var latest: (Int64, Double)?
        for file in files {
            guard let (array, _) = try? ExportJSON.parseArray(source.read(file.member)) else { continue }
            for entry in array {
                guard let time = entry["dateTime"]?.string.flatMap(FitbitTime.usWallClock),
                    let millimetres = entry["value"]?.number, millimetres > 0
                else { continue }
                if latest == nil || time > latest!.0 { latest = (time, millimetres / 1000) }
            }
        }
        return latest?.1
    }
}

/// The account's `Profile.csv`: user id, time zone and height (formats.md §1.5, RLEAPP's column names).
struct FitbitProfile {
    var userId: String?
    var timeZone: TimeZone?
    var heightMetres: Double?

    init(csv bytes: [UInt8]) {
        var csv = FitbitCSV(bytes)
        guard let headerRow = csv.next(), let values = csv.next() else { return }
        let header = headerRow.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String) -> String? {
            guard let index = header.firstIndex(of: name), index < values.count else { return nil }
            let value = values[index].trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        userId = column("id") ?? column("encoded_id")
        timeZone = column("timezone").flatMap(TimeZone.init(identifier:))
        // Profile.csv height is in centimetres.
        heightMetres = column("height").flatMap(Double.init).map { $0 / 100 }
    }
}

/// The export's CSV files (Profile.csv, the Google Health CSVs), read with CSV.swift like every CSV in the hub
/// (RFC 4180: fields in double quotes may hold commas, doubled quotes and line breaks). Rows come one at a time, each
/// with the line it starts on, so that a problem names the line an editor shows, also below a field that spans lines.
struct FitbitCSV {
    private let reader: CSVReader?
    /// The line the row last returned by `next()` starts on (the header's is 1).
    private(set) var line = 0
    private var nextLine = 1

    init(_ bytes: [UInt8]) {
        // Bytes that are not UTF-8 become U+FFFD, as they did: a timestamp or value holding one fails its check and is
        // reported with its line.
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a byte-order mark, or the header would not match
        // `CSVReader(string:)` throws only when it is to read a header row itself; the callers read their own.
        reader = try? CSVReader(string: text)
    }

    /// The next row's fields, or nil at the end.
    mutating func next() -> [String]? {
        guard let fields = reader?.next() else { return nil }
        line = nextLine
        // A quoted field's line breaks are lines of the file too.
        nextLine += 1 + fields.reduce(0) { count, field in count + field.unicodeScalars.count { $0 == "\n" } }
        return fields
    }
}
