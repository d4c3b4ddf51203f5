import Clinical
import Foundation

/// Reads medication orders from a FHIR R4 Bundle (its `MedicationRequest` entries; other resources are skipped) or
/// from a single `MedicationRequest`.
///
/// The codes the hub depends on are checked here, since the reference validator accepts some wrong ones
/// (`periodUnit: "day"`): a wrong unit, event code, weekday, time or status refuses the whole file, naming the field
/// by its path (`entry[1].resource.dosageInstruction[0].timing.repeat.periodUnit`). `Dosage.text` is not read.
///
/// It lives in `Care` (not `Reports`) so that the care-team server validates a clinician's order with the same rules
/// and Timing subset the hub's medications accept, and the hub reads the orders it pulls with it.
public enum MedicationFHIRImport {
    /// The identifier system of an order's UUID (`MedicationRequest.identifier`).
    public static let orderIdentifierSystem = "urn:kidneyhub:medication-order"
    /// RxNorm's code system URI.
    public static let rxNormSystem = "http://www.nlm.nih.gov/research/umls/rxnorm"

    /// The orders in a JSON document, in file order; each is validated.
    public static func orders(from data: Data) throws(MedicationOrderError) -> [MedicationOrder] {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw MedicationOrderError(field: "(file)", reason: "not JSON: \(error.localizedDescription)")
        }
        guard let root = json as? [String: Any] else {
            throw MedicationOrderError(field: "(file)", reason: "not a FHIR resource (a JSON object)")
        }
        switch root["resourceType"] as? String {
        case "MedicationRequest":
            return [try order(root, path: "")]
        case "Bundle":
            var orders: [MedicationOrder] = []
            for (index, entry) in (root["entry"] as? [Any] ?? []).enumerated() {
                guard let resource = (entry as? [String: Any])?["resource"] as? [String: Any],
                    resource["resourceType"] as? String == "MedicationRequest"
                else { continue }
                orders.append(try order(resource, path: "entry[\(index)].resource."))
            }
            guard !orders.isEmpty else {
                throw MedicationOrderError(field: "entry", reason: "the Bundle holds no MedicationRequest")
            }
            return orders
        default:
            throw MedicationOrderError(
                field: "resourceType",
                reason: "'\(root["resourceType"] ?? "none")' is neither a Bundle nor a MedicationRequest"
            )
        }
    }

    /// One `MedicationRequest` (a JSON object); `path` prefixes every field named in an error.
    public static func order(_ resource: [String: Any], path: String) throws(MedicationOrderError) -> MedicationOrder {
        func fail(_ field: String, _ reason: String) -> MedicationOrderError {
            MedicationOrderError(field: path + field, reason: reason)
        }
        let idText =
            resource["id"] as? String
            ?? ((resource["identifier"] as? [[String: Any]])?.first {
                $0["system"] as? String == orderIdentifierSystem
            })?["value"] as? String
        let id = idText.flatMap(UUID.init(uuidString:)) ?? UUID()
        guard let statusText = resource["status"] as? String else { throw fail("status", "missing") }
        guard let status = OrderStatus(rawValue: statusText) else {
            throw fail("status", "'\(statusText)' is not active, on-hold, stopped or completed")
        }
        guard let concept = resource["medicationCodeableConcept"] as? [String: Any] else {
            throw fail("medicationCodeableConcept", "missing (a medication reference is not supported)")
        }
        let codings = concept["coding"] as? [[String: Any]] ?? []
        let rxNorm = codings.first { $0["system"] as? String == rxNormSystem }
        guard
            let name = concept["text"] as? String ?? rxNorm?["display"] as? String ?? codings.first?["display"]
                as? String
        else {
            throw fail("medicationCodeableConcept.text", "missing: the medication needs a name")
        }
        var prescriber = Prescriber.patient
        if let requester = resource["requester"] as? [String: Any], let display = requester["display"] as? String {
            prescriber = .clinician(display)
        }
        var authored: CalendarDate?
        if let text = resource["authoredOn"] as? String {
            do { authored = try CalendarDate(parsing: String(text.prefix(10))) } catch {
                throw fail("authoredOn", "\(error)")
            }
        }
        var dosages: [DosageInstruction] = []
        for (index, item) in (resource["dosageInstruction"] as? [Any] ?? []).enumerated() {
            guard let object = item as? [String: Any] else {
                throw fail("dosageInstruction[\(index)]", "not an object")
            }
            dosages.append(try dosage(object, path: "\(path)dosageInstruction[\(index)]."))
        }
        let order = MedicationOrder(
            id: id,
            medication: MedicationCode(name: name, rxNorm: rxNorm?["code"] as? String),
            prescriber: prescriber,
            status: status,
            reason: ((resource["reasonCode"] as? [[String: Any]])?.first)?["text"] as? String,
            dosages: dosages,
            note: ((resource["note"] as? [[String: Any]])?.first)?["text"] as? String,
            authoredOn: authored
        )
        do { try order.validate() } catch {
            throw MedicationOrderError(
                field: path
                    + error.field.replacingOccurrences(of: "dosage[", with: "dosageInstruction[").replacingOccurrences(
                        of: ".timing.",
                        with: ".timing.repeat."
                    ),
                reason: error.reason
            )
        }
        return order
    }

    static func dosage(_ object: [String: Any], path: String) throws(MedicationOrderError) -> DosageInstruction {
        func fail(_ field: String, _ reason: String) -> MedicationOrderError {
            MedicationOrderError(field: path + field, reason: reason)
        }
        var result = DosageInstruction()
        if let repeating = (object["timing"] as? [String: Any])?["repeat"] as? [String: Any] {
            result.timing = try timing(repeating, path: path + "timing.repeat.")
        }
        if let reason = (object["asNeededCodeableConcept"] as? [String: Any])?["text"] as? String {
            result.asNeeded = AsNeeded(reason: reason)
        } else if object["asNeededBoolean"] as? Bool == true {
            result.asNeeded = AsNeeded()
        }
        if let coding = ((object["route"] as? [String: Any])?["coding"] as? [[String: Any]])?.first {
            let code = coding["code"] as? String ?? ""
            guard let route = DoseRoute(snomed: code) else {
                throw fail(
                    "route.coding[0].code",
                    "unknown route '\(code)' (SNOMED CT codes of \(DoseRoute.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            result.route = route
        }
        if let rate = (object["doseAndRate"] as? [[String: Any]])?.first {
            if let quantity = rate["doseQuantity"] as? [String: Any] {
                let (value, unit) = try dose(quantity, path: path + "doseAndRate[0].doseQuantity.")
                result.dose = .quantity(value, unit)
            } else if let range = rate["doseRange"] as? [String: Any] {
                let (low, unit) = try dose(
                    range["low"] as? [String: Any] ?? [:],
                    path: path + "doseAndRate[0].doseRange.low."
                )
                let (high, _) = try dose(
                    range["high"] as? [String: Any] ?? [:],
                    path: path + "doseAndRate[0].doseRange.high."
                )
                result.dose = .range(low: low, high: high, unit)
            }
        }
        for item in object["extension"] as? [[String: Any]] ?? []
        where item["url"] as? String == DialysisTiming.extensionURL {
            var dialysis = DialysisTiming()
            for part in item["extension"] as? [[String: Any]] ?? [] {
                switch part["url"] as? String {
                case "days":
                    let code = part["valueCode"] as? String ?? ""
                    guard let days = DialysisDays(rawValue: code) else {
                        throw fail("extension.days", "unknown code '\(code)'")
                    }
                    dialysis.days = days
                case "event":
                    let code = part["valueCode"] as? String ?? ""
                    guard let event = DialysisEvent(rawValue: code) else {
                        throw fail("extension.event", "unknown code '\(code)'")
                    }
                    dialysis.event = event
                case "offset":
                    dialysis.offsetMinutes = part["valueInteger"] as? Int
                default: break
                }
            }
            result.dialysis = dialysis
        }
        return result
    }

    static func dose(_ quantity: [String: Any], path: String) throws(MedicationOrderError) -> (Double, DoseUnit) {
        guard let value = (quantity["value"] as? NSNumber)?.doubleValue else {
            throw MedicationOrderError(field: path + "value", reason: "missing")
        }
        let code = quantity["code"] as? String ?? quantity["unit"] as? String ?? ""
        guard let unit = DoseUnit(text: code) else {
            throw MedicationOrderError(field: path + "code", reason: "unknown dose unit '\(code)'")
        }
        return (value, unit)
    }

    static func timing(_ object: [String: Any], path: String) throws(MedicationOrderError) -> TimingRepeat {
        func fail(_ field: String, _ reason: String) -> MedicationOrderError {
            MedicationOrderError(field: path + field, reason: reason)
        }
        func int(_ key: String) throws(MedicationOrderError) -> Int? {
            guard let value = object[key] else { return nil }
            guard let number = value as? NSNumber, number.doubleValue == number.doubleValue.rounded() else {
                throw fail(key, "'\(value)' is not a whole number")
            }
            return number.intValue
        }
        func decimal(_ key: String) throws(MedicationOrderError) -> Double? {
            guard let value = object[key] else { return nil }
            guard let number = value as? NSNumber else { throw fail(key, "'\(value)' is not a number") }
            return number.doubleValue
        }
        func unit(_ key: String) throws(MedicationOrderError) -> TimingUnit? {
            guard let value = object[key] else { return nil }
            return try TimingUnit.parse("\(value)", field: path + key)
        }
        var timing = TimingRepeat()
        timing.frequency = try int("frequency")
        timing.frequencyMax = try int("frequencyMax")
        timing.period = try decimal("period")
        timing.periodMax = try decimal("periodMax")
        timing.periodUnit = try unit("periodUnit")
        timing.count = try int("count")
        timing.countMax = try int("countMax")
        timing.duration = try decimal("duration")
        timing.durationMax = try decimal("durationMax")
        timing.durationUnit = try unit("durationUnit")
        timing.offset = try int("offset")
        for (index, code) in (object["when"] as? [Any] ?? []).enumerated() {
            timing.when.append(try EventTiming.parse("\(code)", field: "\(path)when[\(index)]"))
        }
        for (index, code) in (object["dayOfWeek"] as? [Any] ?? []).enumerated() {
            guard let day = Weekday.allCases.first(where: { $0.rawValue.prefix(3) == "\(code)" }) else {
                throw fail("dayOfWeek[\(index)]", "unknown day '\(code)' (mon, tue, wed, thu, fri, sat, sun)")
            }
            timing.dayOfWeek.append(day)
        }
        for (index, text) in (object["timeOfDay"] as? [Any] ?? []).enumerated() {
            let value = "\(text)"
            let parts = value.split(separator: ":")
            guard parts.count == 3, parts[2] == "00", let time = try? LocalTime(parsing: "\(parts[0]):\(parts[1])")
            else {
                throw fail("timeOfDay[\(index)]", "'\(value)' is not a time HH:MM:00")
            }
            timing.timeOfDay.append(time)
        }
        if let bounds = object["boundsDuration"] as? [String: Any] {
            guard let value = (bounds["value"] as? NSNumber)?.doubleValue else {
                throw fail("boundsDuration.value", "missing")
            }
            let code = bounds["code"] as? String ?? bounds["unit"] as? String ?? ""
            timing.bounds = .duration(value, try TimingUnit.parse(code, field: path + "boundsDuration.code"))
        } else if let bounds = object["boundsPeriod"] as? [String: Any] {
            func day(_ key: String) throws(MedicationOrderError) -> CalendarDate? {
                guard let text = bounds[key] as? String else { return nil }
                do { return try CalendarDate(parsing: String(text.prefix(10))) } catch {
                    throw fail("boundsPeriod.\(key)", "\(error)")
                }
            }
            timing.bounds = .period(start: try day("start"), end: try day("end"))
        }
        return timing
    }
}
