/// One data file of a Fitbit export, recognised by its folder and name (formats.md §1.1–§1.2).
///
/// Detection looks only at the last two path segments (`<folder>/<file>`), never at absolute
/// prefixes: those change with the account name, `Takeout/Fitbit` vs `Takeout/Google Health`, and
/// the Takeout part number (formats.md §1.1, "Practical detection").
public struct FitbitFile: Sendable, Hashable {
    /// The four known layouts (formats.md §1.1).
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// A: `user-site-export/<family>-YYYY-MM-DD.json`.
        case userSiteExport = "user-site-export"
        /// B: `Personal & Account/`, `Physical Activity/`, `Sleep/`.
        case accountArchive = "account archive"
        /// C: Takeout `Global Export Data/`.
        case takeoutGlobalExport = "Takeout Global Export Data"
        /// D: Takeout `Physical Activity_GoogleData/*.csv`.
        case googleHealthCSV = "Google Health CSV"
    }

    /// What the file holds.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        case weight, height, steps, distance, calories
        case heartRate = "heart_rate"
        case restingHeartRate = "resting_heart_rate"
        case sleep
        case waterLogs = "water_logs"
        case profile
    }

    public var member: ImportSource.Member
    public var layout: Layout
    public var family: Family

    /// The folder names that mark a layout (formats.md §1.1).
    static let layoutFolders: [String: Layout] = [
        "user-site-export": .userSiteExport,
        "Personal & Account": .accountArchive,
        "Physical Activity": .accountArchive,
        "Sleep": .accountArchive,
        "Global Export Data": .takeoutGlobalExport,
        "Physical Activity_GoogleData": .googleHealthCSV,
    ]

    /// The layout folder a member lies in, at any depth, and that folder's path: the nearest
    /// ancestor named as a layout folder. `root` is the name of the folder that was imported, so
    /// that a layout folder given itself (`Global Export Data`, `user-site-export`) is one too.
    public static func layoutFolder(of member: ImportSource.Member, root: String = "") -> (
        layout: Layout, folder: String
    )? {
        let segments = (root.isEmpty ? [] : [Substring(root)]) + member.path.split(separator: "/")
        for index in stride(from: segments.count - 2, through: 0, by: -1) {
            if let layout = layoutFolders[String(segments[index])] {
                // Named relative to the imported path, or by its own name when it is the imported folder.
                let first = root.isEmpty || index == 0 ? 0 : 1
                return (layout, segments[first...index].joined(separator: "/"))
            }
        }
        return nil
    }

    /// The file's family and layout, or nil for a file the importer does not read. The file may lie
    /// in a sub-folder of its layout folder (`user-site-export/heart_rate/…`, as people sort them).
    public static func classify(_ member: ImportSource.Member) -> FitbitFile? {
        classify(member, root: "")
    }

    /// As `classify(_:)`, for a member of the folder named `root`.
    public static func classify(_ member: ImportSource.Member, root: String) -> FitbitFile? {
        let segments = member.path.split(separator: "/")
        guard let name = segments.last else { return nil }
        if name == "Profile.csv" {
            return FitbitFile(member: member, layout: .accountArchive, family: .profile)
        }
        guard let (layout, _) = layoutFolder(of: member, root: root) else { return nil }
        if layout == .googleHealthCSV {
            return csvFamily(String(name)).map { FitbitFile(member: member, layout: layout, family: $0) }
        }
        return jsonFamily(String(name)).map { FitbitFile(member: member, layout: layout, family: $0) }
    }

    /// `<family>-YYYY-MM-DD.json` or `<family>-N.json` (formats.md §1.2).
    static func jsonFamily(_ name: String) -> Family? {
        guard name.hasSuffix(".json"), let dash = name.lastIndex(of: "-") else { return nil }
        var prefix = String(name[..<dash])
        // Dated names: strip "-YYYY-MM" too, e.g. "steps-2015-12-13" → "steps".
        let parts = prefix.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count >= 3, parts[parts.count - 1].count == 2, parts[parts.count - 2].count == 4,
            parts[parts.count - 1].allSatisfy(\.isNumber), parts[parts.count - 2].allSatisfy(\.isNumber)
        {
            prefix = parts[0..<(parts.count - 2)].joined(separator: "-")
        }
        let family = Family(rawValue: prefix)
        return family == .profile ? nil : family
    }

    /// Google Health CSVs (formats.md §1.6): `heart_rate_YYYY-MM-DD.csv`, `steps_YYYY-MM-DD.csv`,
    /// `daily_resting_heart_rate.csv`, `weight*.csv`.
    static func csvFamily(_ name: String) -> Family? {
        guard name.hasSuffix(".csv") else { return nil }
        if name.hasPrefix("heart_rate_") { return .heartRate }
        if name.hasPrefix("steps_") { return .steps }
        if name.hasPrefix("daily_resting_heart_rate") { return .restingHeartRate }
        if name.hasPrefix("weight") { return .weight }
        return nil
    }
}
