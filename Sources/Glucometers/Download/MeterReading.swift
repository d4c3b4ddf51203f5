/// One glucose result as the meter stored it, in the meter's own unit.
public struct MeterReading: Sendable, Hashable {
    /// The meter's number for the record (FreeStyle record id, Contour sequence number).
    public var recordNumber: Int
    public var time: MeterLocalTime
    public var value: Double
    /// A UCUM code: "mg/dL" or "mmol/L".
    public var unit: String
    /// `fasting`, `before_meal`, `after_meal`… when the meter's marker says so.
    public var mealRelation: String?
    /// The meter's own markers, kept as sent (Contour `B`, `M1`, `T1`…).
    public var markers: [String]
    /// A test of control solution, not of the patient's blood.
    public var isControlSolution: Bool
    /// The meter's record list the reading came from, "" for a meter with one (Libre: `history`,
    /// `arresult`, each numbered on its own).
    public var stream: String
    /// Where the sample came from when the meter says so: "interstitial" for a sensor reading.
    public var sampleSite: String?

    public init(
        recordNumber: Int,
        time: MeterLocalTime,
        value: Double,
        unit: String,
        mealRelation: String? = nil,
        markers: [String] = [],
        isControlSolution: Bool = false,
        stream: String = "",
        sampleSite: String? = nil
    ) {
        self.recordNumber = recordNumber
        self.time = time
        self.value = value
        self.unit = unit
        self.mealRelation = mealRelation
        self.markers = markers
        self.isControlSolution = isControlSolution
        self.stream = stream
        self.sampleSite = sampleSite
    }
}

/// Everything one session read from a meter.
public struct MeterDownload: Sendable, Hashable {
    public var manufacturer: String
    public var model: String
    public var serial: String
    public var softwareVersion: String?
    /// The meter's clock when read; nil when the meter says its clock is not set.
    public var meterClock: MeterLocalTime?
    /// Results, oldest record number first.
    public var readings: [MeterReading]
    /// Records the meter holds that are not glucose results (ketone, insulin), skipped.
    public var skippedRecords: Int

    public init(
        manufacturer: String,
        model: String,
        serial: String,
        softwareVersion: String? = nil,
        meterClock: MeterLocalTime?,
        readings: [MeterReading],
        skippedRecords: Int = 0
    ) {
        self.manufacturer = manufacturer
        self.model = model
        self.serial = serial
        self.softwareVersion = softwareVersion
        self.meterClock = meterClock
        self.readings = readings
        self.skippedRecords = skippedRecords
    }
}
