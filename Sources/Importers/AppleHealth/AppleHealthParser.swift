import AdapterProtocol
import CLibXML2
import Foundation

/// A streaming reader of Apple Health's `export.xml` (formats.md §2) on libxml2's SAX2 push parser:
/// bytes go in chunk by chunk (`feed`), records come out through `ImportOutput` as each element ends;
/// no tree is built and no chunk is kept, so memory stays flat whatever the file's size.
///
/// The known export defects are handled before the bytes reach libxml2 (formats.md §2.7): the internal
/// DTD (malformed since iOS 16) is blanked out, and control characters XML forbids (`\u{0B}` and the
/// like) become spaces. Both keep byte offsets and line numbers as in the file. libxml2 runs with
/// XML_PARSE_RECOVER and without loading any DTD or network resource.
///
/// Blood pressure: the DTD says every record inside a `Correlation` also appears at the top level
/// (formats.md §2.5). Readings are taken from the `HKCorrelationTypeIdentifierBloodPressure`
/// correlations only (one `blood_pressure` record each) and the top-level systolic/diastolic copies
/// are skipped, so nothing is counted twice.
final class AppleHealthParser {
    private let output: ImportOutput
    private let fileLabel: String
    private var context: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    private var doctype = DoctypeBlanker()
    private var filtered: [UInt8] = []
    /// Bytes after the last complete tag, held for the next chunk (see `AttributeNameRepair`).
    private var carry: [UInt8] = []
    private var head: [UInt8] = []
    private var headFed = false
    /// The first error from inside a callback (ImportStopped or a failed send): it stops the parse.
    private var callbackError: (any Error)?
    private var firstFatal: (line: Int, message: String)?

    private var devices: [String: DeviceIdentity] = [:]
    /// The source of the previous record, as bytes, and its device: records come in long runs of one source.
    private var lastSource: (bytes: [UInt8], device: DeviceIdentity)?
    private var correlation: CorrelationState?
    /// Inside any `Correlation` (food, blood pressure): its records are top-level records too.
    private var insideCorrelation = false
    /// The record whose start tag was read, sent at its end tag (a glucose record's `MetadataEntry` children
    /// may still add the meal relation).
    private var record: (record: MeasurementRecord, device: DeviceIdentity)?
    private var depth = 0
    /// Records and elements left out, by type (a `Record`'s type, or the element's name), for the report.
    private var skipped: [String: Int] = [:]
    /// The last type counted as skipped, as bytes: skipped records come in long runs of one type.
    private var lastSkipped: (bytes: [UInt8], name: String)?

    struct CorrelationState {
        var source: String
        var start: String
        var end: String
        var line: Int
        var systolic: Double?
        var diastolic: Double?
    }

    init(output: ImportOutput, fileLabel: String) {
        self.output = output
        self.fileLabel = fileLabel
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Feeds the next chunk of the file. The first 64 KiB are held back and cleaned as one piece, so
    /// the DOCTYPE is found even when chunks split it.
    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        if !headFed {
            head.append(contentsOf: chunk)
            if head.count >= 1 << 16 { try feedHead() }
            return
        }
        filtered.removeAll(keepingCapacity: true)
        filtered.append(contentsOf: chunk)
        try parseFiltered()
    }

    private func feedHead() throws {
        headFed = true
        filtered = head
        head = []
        try parseFiltered()
    }

    private func parseFiltered() throws {
        try start()
        filtered.withUnsafeMutableBufferPointer { buffer in
            doctype.blank(buffer)
            Self.replaceForbiddenControlCharacters(buffer)
        }
        // Tags are repaired whole: the bytes after the chunk's last '>' wait for the next chunk
        // (unless they grew past 1 MiB, which no tag of an export does).
        carry.append(contentsOf: filtered)
        guard carry.count <= Self.maxTagBytes || carry.lastIndex(of: 0x3E) != nil else {
            // No record of an export comes near this; a 256 MB attribute once took the adapter to 2 GB of memory
            // (issue 21, drill finding 5). Refused with the place, not read whole.
            throw ImportFailure(
                location: "\(fileLabel):\(line)",
                reason: "an element or attribute runs on for more than \(Self.maxTagBytes) bytes (1 MiB) without "
                    + "ending; no record of an Apple Health export is that long, so the file is damaged or not an "
                    + "export; it was not read further"
            )
        }
        let cut = carry.lastIndex(of: 0x3E).map { $0 + 1 } ?? 0
        guard cut > 0 else { return }
        var complete = Array(carry[0..<cut])
        carry.removeFirst(cut)
        try parse(&complete)
    }

    /// The longest run of bytes without a tag's end ('>') that is read: 1 MiB.
    static let maxTagBytes = 1 << 20

    /// Repairs and parses bytes that end at a tag's end.
    private func parse(_ bytes: inout [UInt8]) throws {
        bytes.withUnsafeMutableBufferPointer { AttributeNameRepair.repair($0) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, Int32($0.count), 0) }
        }
        try check(status)
    }

    /// Ends the document; throws when it is truncated or broken beyond recovery.
    func finish() throws {
        if !headFed { try feedHead() }
        try start()
        if !carry.isEmpty {
            var rest = carry
            carry = []
            try parse(&rest)
        }
        let status = xmlParseChunk(context, nil, 0, 1)
        if callbackError == nil { reportSkipped() }
        try check(status)
        try output.flush()
    }

    /// One entry per type left out, most frequent first ("skipped: 12,480
    /// HKQuantityTypeIdentifierBasalEnergyBurned"), with the location `(skipped)`.
    private func reportSkipped() {
        for (name, count) in skipped.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            do {
                try output.problem(
                    ImportOutput.skippedLocation,
                    "skipped: \(ImportOutput.grouped(count)) \(name) (not a kind the hub keeps)"
                )
            } catch {
                return stop(error)
            }
        }
    }

    private func countSkipped(_ typeName: UnsafeBufferPointer<UInt8>) {
        if let lastSkipped, lastSkipped.bytes.elementsEqual(typeName) {
            skipped[lastSkipped.name, default: 0] += 1
            return
        }
        let name = String(decoding: typeName, as: UTF8.self)
        lastSkipped = (Array(typeName), name)
        skipped[name, default: 0] += 1
    }

    private func check(_ status: Int32) throws {
        if let callbackError { throw callbackError }
        if let firstFatal, status != 0 || context?.pointee.disableSAX == 1 {
            throw ImportFailure(
                location: "\(fileLabel):\(firstFatal.line)",
                reason: "XML cannot be read on: \(firstFatal.message)"
            )
        }
    }

    private func start() throws {
        guard context == nil else { return }
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { user, name, _, _, _, _, count, _, attributes in
            guard let user, let name else { return }
            Unmanaged<AppleHealthParser>.fromOpaque(user).takeUnretainedValue()
                .startElement(name, Int(count), attributes)
        }
        handler.endElementNs = { user, name, _, _ in
            guard let user, let name else { return }
            Unmanaged<AppleHealthParser>.fromOpaque(user).takeUnretainedValue().endElement(name)
        }
        handler.serror = { user, error in
            guard let user, let error else { return }
            Unmanaged<AppleHealthParser>.fromOpaque(user).takeUnretainedValue().xmlError(error.pointee)
        }
        let user = Unmanaged.passUnretained(self).toOpaque()
        context = xmlCreatePushParserCtxt(&handler, user, nil, 0, fileLabel)
        guard let context else { throw ImportFailure(location: fileLabel, reason: "libxml2 could not start a parser") }
        // No DTD loading, no entity substitution, no network; recover from errors where possible; allow
        // huge text nodes and line numbers above 65535.
        let options =
            Int32(XML_PARSE_RECOVER.rawValue) | Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_HUGE.rawValue)
            | Int32(XML_PARSE_BIG_LINES.rawValue)
        xmlCtxtUseOptions(context, options)
    }

    private var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

    private func xmlError(_ error: xmlError) {
        guard error.level == XML_ERR_FATAL, firstFatal == nil else { return }
        let message = error.message.map { String(cString: $0) }?.trimmingTrailingNewlines ?? "XML error \(error.code)"
        firstFatal = (Int(error.line), message)
    }

    // MARK: - SAX callbacks

    private func startElement(
        _ name: UnsafePointer<xmlChar>,
        _ count: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        depth += 1
        guard callbackError == nil else { return }
        switch Self.elementName(name) {
        case .record:
            let attributes = Attributes(count: count, raw: attributes)
            guard let typeName = attributes.bytes("type") else { return }
            if insideCorrelation {
                // A child of a correlation: its top-level copy is the record (formats.md §2.5); a
                // blood-pressure correlation only takes its value.
                guard correlation != nil else { return }
                let isSystolic = typeName.elementsEqual(AppleHealthType.systolic.utf8)
                guard isSystolic || typeName.elementsEqual(AppleHealthType.diastolic.utf8),
                    let value = attributes["value"].flatMap(Double.init)
                else { return }
                if isSystolic {
                    correlation?.systolic = value
                } else {
                    correlation?.diastolic = value
                }
                return
            }
            if typeName.elementsEqual(AppleHealthType.sleepAnalysis.utf8) {
                record = readSleep(typeName, attributes)
                return
            }
            guard let type = AppleHealthType.named(typeName) else {
                // The top-level blood-pressure copies are read through their correlation: not left out.
                if !typeName.elementsEqual(AppleHealthType.systolic.utf8),
                    !typeName.elementsEqual(AppleHealthType.diastolic.utf8)
                {
                    countSkipped(typeName)
                }
                return
            }
            record = read(type, typeName, attributes)
        case .metadataEntry:
            guard record?.record.kind == "blood_glucose" else { return }
            let attributes = Attributes(count: count, raw: attributes)
            // HKBloodGlucoseMealTime: 1 preprandial, 2 postprandial (HealthKit HKBloodGlucoseMealTime enum).
            guard attributes["key"] == "HKBloodGlucoseMealTime" else { return }
            switch attributes["value"] {
            case "1": record?.record.context = MeasurementContext(mealRelation: "before_meal")
            case "2": record?.record.context = MeasurementContext(mealRelation: "after_meal")
            default: break
            }
        case .correlation:
            insideCorrelation = true
            let attributes = Attributes(count: count, raw: attributes)
            guard attributes["type"] == AppleHealthType.bloodPressureCorrelation else { return }
            correlation = CorrelationState(
                source: attributes["sourceName"] ?? attributes["source"] ?? "",
                start: attributes["startDate"] ?? "",
                end: attributes["endDate"] ?? "",
                line: line
            )
        case .workout:
            let attributes = Attributes(count: count, raw: attributes)
            emitWorkout(attributes)
        case .other:
            // A top-level element other than records, correlations and workouts (ActivitySummary,
            // ClinicalRecord, Audiogram…) is left out: counted by its name.
            if depth == 2, !Self.equals(name, "ExportDate"), !Self.equals(name, "Me") {
                let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                countSkipped(UnsafeBufferPointer(start: name, count: length))
            }
            return
        }
    }

    private func endElement(_ name: UnsafePointer<xmlChar>) {
        depth -= 1
        guard callbackError == nil else { return }
        switch Self.elementName(name) {
        case .record:
            if let record {
                self.record = nil
                add(record.record, device: record.device)
            }
        case .correlation:
            insideCorrelation = false
            if let correlation {
                self.correlation = nil
                emitBloodPressure(correlation)
            }
        default:
            return
        }
    }

    // MARK: - Records

    /// The record of a start tag, or nil after reporting why it cannot be read. Works on the attribute
    /// bytes: of the millions of records of an export, only what is sent becomes a String.
    private func read(_ type: AppleHealthType, _ typeName: UnsafeBufferPointer<UInt8>, _ attributes: Attributes)
        -> (record: MeasurementRecord, device: DeviceIdentity)?
    {
        let unitBytes = attributes.bytes("unit") ?? UnsafeBufferPointer(start: nil, count: 0)
        let valueBytes = attributes.bytes("value") ?? UnsafeBufferPointer(start: nil, count: 0)
        let startBytes = attributes.bytes("startDate") ?? UnsafeBufferPointer(start: nil, count: 0)
        let endBytes = attributes.bytes("endDate") ?? UnsafeBufferPointer(start: nil, count: 0)
        // iOS 8 exports name the source `source`, later ones `sourceName` (formats.md §2.7 item 3).
        let sourceBytes =
            attributes.bytes("sourceName") ?? attributes.bytes("source") ?? UnsafeBufferPointer(start: nil, count: 0)
        let location = { "\(self.fileLabel):\(self.line)" }
        let kind = type.kind
        let unitText = String(decoding: unitBytes, as: UTF8.self)
        guard let unit = type.ucum(unitText) else {
            problem(
                location(),
                "unit '\(unitText)' is not one the importer knows for \(String(decoding: typeName, as: UTF8.self))",
                kind
            )
            return nil
        }
        let valueText = String(decoding: valueBytes, as: UTF8.self)
        guard let read = Double(valueText), read.isFinite, read >= 0 else {
            problem(location(), "value '\(valueText)' is not a non-negative number", kind)
            return nil
        }
        let value = type.value(read, healthKitUnit: unitText)
        guard let (start, startSeconds) = AppleHealthDate.parse(startBytes),
            let (end, _) = AppleHealthDate.parse(endBytes)
        else {
            let (startText, endText) = (
                String(decoding: startBytes, as: UTF8.self), String(decoding: endBytes, as: UTF8.self)
            )
            problem(location(), Self.dateProblem(startText, endText), kind)
            return nil
        }
        var hash = RecordHash()
        hash.add(typeName)
        hash.add(sourceBytes)
        hash.add(startBytes)
        hash.add(endBytes)
        hash.add(valueBytes)
        hash.add(unitBytes)
        var record = MeasurementRecord(
            sourceRecordId: hash.recordId(type.code, start: startSeconds),
            kind: kind,
            value: value,
            unit: unit
        )
        if type.overPeriod, start != end {
            record.effectivePeriod = TimePeriod(start: start, end: end)
        } else {
            record.effectiveTime = start
        }
        return (record, device(source: sourceBytes))
    }

    /// A sleep record: time asleep (any asleep stage) becomes `sleep` in minutes over its period;
    /// time in bed or awake is counted as left out.
    private func readSleep(_ typeName: UnsafeBufferPointer<UInt8>, _ attributes: Attributes)
        -> (record: MeasurementRecord, device: DeviceIdentity)?
    {
        let location = "\(fileLabel):\(line)"
        let valueText = attributes["value"] ?? ""
        guard let asleep = AppleHealthType.sleepIsAsleep(valueText) else {
            problem(location, "sleep value '\(valueText)' is not a HKCategoryValueSleepAnalysis stage", "sleep")
            return nil
        }
        guard asleep else {
            let stage =
                valueText.hasPrefix("HKCategoryValueSleepAnalysis") ? String(valueText.dropFirst(28)) : valueText
            var name = Array("\(AppleHealthType.sleepAnalysis) \(["0": "InBed", "2": "Awake"][stage] ?? stage)".utf8)
            name.withUnsafeMutableBufferPointer { countSkipped(UnsafeBufferPointer($0)) }
            return nil
        }
        let startText = attributes["startDate"] ?? ""
        let endText = attributes["endDate"] ?? ""
        guard let (start, startSeconds) = AppleHealthDate.parse(startText),
            let (end, endSeconds) = AppleHealthDate.parse(endText), endSeconds >= startSeconds
        else {
            problem(location, Self.dateProblem(startText, endText) + " (or the sleep ends before it starts)", "sleep")
            return nil
        }
        let source = attributes["sourceName"] ?? attributes["source"] ?? ""
        let id = Self.recordId("sleep", start: startSeconds, [source, startText, endText, valueText])
        let record = MeasurementRecord(
            sourceRecordId: id,
            kind: "sleep",
            value: Double(endSeconds - startSeconds) / 60,
            unit: "min",
            effectivePeriod: TimePeriod(start: start, end: end)
        )
        return (record, device(source: source))
    }

    /// What a date should look like, in words.
    static func dateProblem(_ start: String, _ end: String) -> String {
        "start '\(start)' or end '\(end)' is not a date such as 2019-07-19 10:36:11 -0700 (or 20190719103611-0700)"
    }

    private func emitBloodPressure(_ state: CorrelationState) {
        let location = "\(fileLabel):\(state.line)"
        guard let systolic = state.systolic, let diastolic = state.diastolic, systolic >= 0, diastolic >= 0 else {
            return problem(
                location,
                "blood-pressure correlation without both a systolic and a diastolic value",
                "blood_pressure"
            )
        }
        guard let (start, startSeconds) = AppleHealthDate.parse(state.start) else {
            return problem(location, Self.dateProblem(state.start, state.end), "blood_pressure")
        }
        let id = Self.recordId(
            "bp",
            start: startSeconds,
            [state.source, state.start, state.end, "\(systolic)", "\(diastolic)"]
        )
        let record = MeasurementRecord(
            sourceRecordId: id,
            kind: "blood_pressure",
            components: ["systolic": systolic, "diastolic": diastolic],
            unit: "mm[Hg]",
            effectiveTime: start
        )
        add(record, device: device(source: state.source))
    }

    private func emitWorkout(_ attributes: Attributes) {
        let location = "\(fileLabel):\(line)"
        let startText = attributes["startDate"] ?? ""
        let endText = attributes["endDate"] ?? ""
        guard let (start, startSeconds) = AppleHealthDate.parse(startText),
            let (end, endSeconds) = AppleHealthDate.parse(endText)
        else {
            return problem(location, Self.dateProblem(startText, endText), "workout")
        }
        let durationText = attributes["duration"]
        let unitText = attributes["durationUnit"] ?? "min"
        let units = ["min": "min", "s": "s", "hr": "h", "h": "h"]
        let duration: Double
        let unit: String
        if let durationText {
            guard let read = Double(durationText), read.isFinite, read >= 0, let known = units[unitText] else {
                return problem(
                    location,
                    "workout duration '\(durationText)' '\(unitText)' is not a non-negative number of min, s or hr",
                    "workout"
                )
            }
            (duration, unit) = (read, known)
        } else {
            // Newer exports may leave the duration out: the workout lasted from its start to its end.
            guard endSeconds >= startSeconds else {
                return problem(location, "the workout has no duration and ends before it starts", "workout")
            }
            (duration, unit) = (Double(endSeconds - startSeconds) / 60, "min")
        }
        let source = attributes["sourceName"] ?? attributes["source"] ?? ""
        let activity = attributes["workoutActivityType"] ?? ""
        let id = Self.recordId(
            "workout",
            start: startSeconds,
            [activity, source, startText, endText, durationText ?? ""]
        )
        let record = MeasurementRecord(
            sourceRecordId: id,
            kind: "workout",
            value: duration,
            unit: unit,
            effectivePeriod: TimePeriod(start: start, end: end)
        )
        add(record, device: device(source: source))
    }

    /// The device of a source app or watch (`sourceName`): one each, so records of each keep their own
    /// identity and the hub's (device, sourceRecordId) key is stable across exports.
    private func device(source bytes: UnsafeBufferPointer<UInt8>) -> DeviceIdentity {
        if let lastSource, lastSource.bytes.elementsEqual(bytes) { return lastSource.device }
        let device = device(source: String(decoding: bytes, as: UTF8.self))
        lastSource = (Array(bytes), device)
        return device
    }

    private func device(source: String) -> DeviceIdentity {
        if let known = devices[source] { return known }
        let device = DeviceIdentity(
            deviceId: "apple-health:\(source.isEmpty ? "unknown source" : source)",
            manufacturer: "Apple Health",
            model: source.isEmpty ? nil : source
        )
        devices[source] = device
        return device
    }

    private func add(_ record: MeasurementRecord, device: DeviceIdentity) {
        do {
            try output.add(record, device: device)
        } catch {
            stop(error)
        }
    }

    private func problem(_ location: String, _ reason: String, _ kind: String) {
        do {
            try output.problem(location, reason, kind: kind)
        } catch {
            stop(error)
        }
    }

    private func stop(_ error: any Error) {
        callbackError = callbackError ?? error
        if let context { xmlStopParser(context) }
    }

    /// A stable id from a record's defining fields (see `RecordHash`).
    static func recordId(_ code: String, start: Int64, _ fields: [String]) -> String {
        var hash = RecordHash()
        for var field in fields { field.withUTF8 { hash.add($0) } }
        return hash.recordId(code, start: start)
    }

    // MARK: - Bytes

    enum ElementName {
        case record, metadataEntry, correlation, workout, other
    }

    /// Compares the element name without making a String for it.
    static func elementName(_ name: UnsafePointer<xmlChar>) -> ElementName {
        switch name[0] {
        case 0x52 where equals(name, "Record"): .record
        case 0x4D where equals(name, "MetadataEntry"): .metadataEntry
        case 0x43 where equals(name, "Correlation"): .correlation
        case 0x57 where equals(name, "Workout"): .workout
        default: .other
        }
    }

    static func equals(_ name: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        let bytes = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount where name[index] != bytes[index] { return false }
        return name[literal.utf8CodeUnitCount] == 0
    }

    /// Control characters other than tab, line feed and carriage return are not allowed in XML 1.0
    /// (§2.2 Char); exports contain `\u{0B}` (formats.md §2.7). They become spaces.
    static func replaceForbiddenControlCharacters(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        for index in buffer.indices {
            let byte = buffer[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { buffer[index] = 0x20 }
        }
    }
}

/// The attributes of one SAX2 start tag: (localname, prefix, URI, value, end) pointer quintuples.
struct Attributes {
    let count: Int
    let raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    /// The value's bytes, valid during the callback only.
    func bytes(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let raw else { return nil }
        for index in 0..<count {
            guard let local = raw[index * 5], let value = raw[index * 5 + 3], let end = raw[index * 5 + 4] else {
                continue
            }
            if Self.matches(local, name) { return UnsafeBufferPointer(start: value, count: end - value) }
        }
        return nil
    }

    subscript(name: StaticString) -> String? {
        bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func matches(_ local: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where local[index] != bytes[index] { return false }
        return local[name.utf8CodeUnitCount] == 0
    }
}

/// The record id of an Apple Health record: a short code, the start as Unix seconds, and a 64-bit
/// FNV-1a hash of the record's defining fields (FNV: Fowler, Noll, Vo; offset basis 0xcbf29ce484222325,
/// prime 0x100000001b3), each followed by a separator. Apple's export has no record UUIDs, so this is what
/// makes a re-import, or a newer overlapping export, match. The time goes first so that ids of one source
/// and kind arrive in increasing order, as the export lists records by time: the store's unique index
/// then grows at its end instead of taking every insert on a random page (measured: a 1 GB export wrote
/// 20 GB to the WAL with hash-first ids).
struct RecordHash {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ field: UnsafeBufferPointer<UInt8>) {
        for byte in field {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        hash ^= 0x1F  // field separator
        hash = hash &* 0x0000_0100_0000_01B3
    }

    /// `code/start/hash`, the hash as 16 lower-case hex digits.
    func recordId(_ code: String, start: Int64) -> String {
        var text = code
        text.reserveCapacity(code.utf8.count + 38)
        text += "/"
        text += String(start)
        text += "/"
        text += String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * index) & 0xF)
                buffer[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble  // 0-9, a-f
            }
            return 16
        }
        return text
    }
}

/// Joins the words of attribute names that contain spaces with '_': iOS 8 exports wrote metadata
/// as attributes named like `Health Mate App Version="2.6.0"` (formats.md §2.7 item 3), which XML
/// does not allow and libxml2's recovery answers by dropping the element. In place and byte for
/// byte (a space becomes '_'), so lines and offsets stay true; only runs of spaces between two
/// name parts inside a start tag are touched, so well-formed XML is left as it is.
enum AttributeNameRepair {
    static func repair(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        let count = bytes.count
        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x3D || byte == 0x3E
                || byte == 0x2F || byte == 0x22 || byte == 0x27 || byte == 0x3C)
        }
        var index = 0
        while index < count {
            guard bytes[index] == 0x3C else {
                index += 1
                continue
            }
            index += 1
            // Comments, declarations, processing instructions and end tags carry no attributes to repair.
            if index < count, bytes[index] == 0x21 || bytes[index] == 0x3F || bytes[index] == 0x2F {
                while index < count, bytes[index] != 0x3E { index += 1 }
                continue
            }
            while index < count, isNameByte(bytes[index]) { index += 1 }  // the element's name
            while index < count {
                while index < count,
                    bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
                        || bytes[index] == 0x0D
                {
                    index += 1
                }
                guard index < count, isNameByte(bytes[index]) else { break }  // '>', '/>' or damage
                while index < count, isNameByte(bytes[index]) { index += 1 }
                // More name after spaces, before '=': the spaces were inside the name.
                var gap = index
                while gap < count, bytes[gap] == 0x20 { gap += 1 }
                while gap > index, gap < count, isNameByte(bytes[gap]) {
                    for space in index..<gap { bytes[space] = 0x5F }
                    index = gap
                    while index < count, isNameByte(bytes[index]) { index += 1 }
                    gap = index
                    while gap < count, bytes[gap] == 0x20 { gap += 1 }
                }
                while index < count, bytes[index] == 0x20 { index += 1 }
                guard index < count, bytes[index] == 0x3D else { break }
                index += 1
                while index < count, bytes[index] == 0x20 { index += 1 }
                guard index < count, bytes[index] == 0x22 || bytes[index] == 0x27 else { break }
                let quote = bytes[index]
                index += 1
                while index < count, bytes[index] != quote { index += 1 }
                index += 1
            }
        }
    }
}

/// Blanks the internal DTD subset, `<!DOCTYPE HealthData [ … ]>`, in the stream (formats.md §2.7:
/// malformed since iOS 16). Line feeds stay, so line numbers stay true. It works byte by byte, so a
/// DOCTYPE split across chunks is found too; only the first 64 KiB are searched (it precedes the root).
struct DoctypeBlanker {
    private enum State {
        case looking, inside, done
    }
    private static let marker = Array("<!DOCTYPE".utf8)
    private static let searchLimit = 1 << 16
    private var state = State.looking
    private var matched = 0
    private var scanned = 0
    private var openedSubset = false
    private var sawBracket = false

    mutating func blank(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard state != .done else { return }
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            switch state {
            case .looking:
                scanned += 1
                if byte == Self.marker[matched] {
                    matched += 1
                    if matched == Self.marker.count {
                        state = .inside
                        // Blank the marker's bytes that are in this chunk (earlier chunks already went out,
                        // as "<!DOCTYP" alone is harmless only if completed: see below).
                        for back in 0..<min(Self.marker.count, index + 1) { buffer[index - back] = 0x20 }
                    }
                } else {
                    matched = byte == Self.marker[0] ? 1 : 0
                    if scanned >= Self.searchLimit {
                        state = .done
                        return
                    }
                }
            case .inside:
                if byte == 0x5B { openedSubset = true }
                // `<!DOCTYPE HealthData>` without a subset ends at its first '>'; one with a subset at "]>".
                let closes = byte == 0x3E && (sawBracket || !openedSubset)
                sawBracket = byte == 0x5D
                if byte != 0x0A { buffer[index] = 0x20 }
                if closes {
                    state = .done
                    return
                }
            case .done:
                return
            }
            index += 1
        }
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
