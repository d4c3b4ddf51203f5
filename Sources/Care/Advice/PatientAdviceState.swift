import Clinical
import HubCore

/// Everything the advice rules look at for one patient at one moment: category, limits, today's and the last 7
/// days' intake, labs, medications and weight data. Built by the store layer; the rules are pure functions of it.
public struct PatientAdviceState: Sendable {
    /// The disease category, if set.
    public var category: DiseaseCategory?
    /// Whether the patient has diabetes.
    public var hasDiabetes: Bool
    /// Today's limits (`DailyLimits.limits`).
    public var limits: [DailyLimit]
    /// Today's intake so far.
    public var today: DailyIntake
    /// The intake of the last 7 days including today.
    public var lastSevenDays: DailyIntake
    /// All lab values (any order).
    public var labs: [LabValue]
    /// The patient's medications, matched against the drug catalog.
    public var medications: [MedicationMatch]
    /// The latest interdialytic weight gain in % of dry weight, if known (hemodialysis).
    public var latestInterdialyticGainPercent: Double?

    /// A state from its parts; medications are matched with `catalog`.
    public init(
        category: DiseaseCategory?,
        hasDiabetes: Bool = false,
        limits: [DailyLimit],
        today: DailyIntake = DailyIntake([]),
        lastSevenDays: DailyIntake? = nil,
        labs: [LabValue] = [],
        medications: [Medication] = [],
        latestInterdialyticGainPercent: Double? = nil,
        catalog: DrugCatalog = .standard
    ) {
        self.category = category
        self.hasDiabetes = hasDiabetes
        self.limits = limits
        self.today = today
        self.lastSevenDays = lastSevenDays ?? today
        self.labs = labs
        self.medications = medications.map { catalog.match($0.name) }
        self.latestInterdialyticGainPercent = latestInterdialyticGainPercent
    }

    /// The latest value of a lab, if any.
    public func latestLab(_ analyteID: String) -> LabValue? {
        labs.filter { $0.analyteID == analyteID }.max { $0.takenAt.epochMilliseconds < $1.takenAt.epochMilliseconds }
    }

    /// The values of a lab, oldest first.
    public func labSeries(_ analyteID: String) -> [LabValue] {
        labs.filter { $0.analyteID == analyteID }.sorted { $0.takenAt.epochMilliseconds < $1.takenAt.epochMilliseconds }
    }

    /// The standing of the latest value of a lab.
    public func latestStanding(_ analyteID: String) -> LabStanding? {
        latestLab(analyteID).map { LabStanding($0, category: category, hasDiabetes: hasDiabetes) }
    }

    /// The limit of a subject, if one applies.
    public func limit(_ subject: IntakeSubject) -> DailyLimit? { limits.first { $0.subject == subject } }

    /// True when the patient has a kidney disease category (every category KidneyHub knows is one).
    public var hasKidneyDisease: Bool { category != nil }

    /// The lab that matters for each limited subject (serum potassium for dietary potassium …).
    public static func labID(for subject: IntakeSubject) -> String? {
        switch subject {
        case .potassium: "potassium"
        case .phosphorus: "phosphorus"
        case .sodium: "sodium"
        case .protein: "albumin"
        case .fluid: nil
        }
    }
}
