import Care
import Clinical
import Foundation
import HubCore
import HubRecords

extension Language {
    /// A notification's title and text in this language. English shows the stored words, the ones the command line
    /// and the desktop show; Spanish writes them again from the stored message. A notification with no message (stored
    /// before messages existed) or with one this page cannot write (an advice rule changed since it was translated)
    /// keeps its stored words.
    func notification(_ note: StoredNotification) -> (title: String, body: String) {
        guard self == .spanish, let message = note.message, let written = spanish(message) else {
            return (note.title, note.body)
        }
        return written
    }

    /// The Spanish title and text of `message`; nil when a translation is missing.
    private func spanish(_ message: NotificationMessage) -> (title: String, body: String)? {
        switch message {
        case .criticalValue(let id, let value, let takenAtMs, let zone, let gain):
            return criticalValue(id, value: value, takenAtMs: takenAtMs, zone: zone, gain: gain)
        case .meterRange(let above, let time, let bound):
            let body = above ? Spanish.meterAboveRangeBody : Spanish.meterBelowRangeBody
            return (
                above ? Spanish.meterAboveRangeTitle : Spanish.meterBelowRangeTitle,
                Self.filled(body, with: [time, "\(number(bound)) mg/dL"])
            )
        case .readingWatch(let reading, let value, let threshold, let time, let medication):
            let unit = UnitDisplayName.text(reading.unitCode)
            let name = reading == .heartRate ? "frecuencia cardíaca" : "presión sistólica"
            let over = "\(number(threshold, digits: 1)) \(unit)"
            var body = "Su \(name) fue de \(number(value, digits: 1)) \(unit) a las \(time), por encima de \(over), "
            body += "el umbral de su aviso."
            if let medication {
                body += " ¿Es hora de \(medication)? Márquelo como tomado en Hoy, o "
                body += "`kidneyhub doses take \"\(medication)\"`."
            }
            return (Self.capitalized(name) + " por encima de \(over)", body)
        case .reward(let goal, let achievement, let badge, let points, let period):
            let earned = spanishBadge(achievement, met: badge) ?? badge.english
            return ("\(earned): +\(points) puntos", "\(Self.capitalized(goalSummary(goal))) (\(period))")
        case .halfWay(let goal, let period, let fraction):
            return (
                "A mitad de camino: \(goalSummary(goal))",
                "\(period): lleva el \(number(fraction * 100)) % del objetivo."
            )
        case .medicationReminder(let name, let rule):
            return ("Hora de \(name)", "Responda con `kidneyhub reminders answer \(rule) done|already-taken|skip`.")
        case .weighingReminder(let rule):
            return ("Hora de pesarse", "Responda con `kidneyhub reminders answer \(rule) done|already-taken|skip`.")
        case .doseDue(let name, let time):
            return (
                "Hora de \(name)",
                "Toca a las \(time). Márquelo como tomado en Hoy, o `kidneyhub doses take \"\(name)\"`."
            )
        case .doseNotTaken(let name, let time, let minutes):
            return (
                "Dosis no tomada: \(name)",
                "Para el cuidador: tocaba a las \(time), sin respuesta tras \(minutes) minutos."
            )
        case .binderWithMeal(let name, let mealTime):
            return ("¿\(name) con su comida?", Self.filled(Spanish.binderWithMealBody, with: [mealTime]))
        case .advice(let rule, let version, let severity, let verification, let citation, let facts):
            return advice(rule, version: version, severity: severity, verification: verification, citation, facts)
        case .usbImport(let device, let readings, let control, let beyond, let clock):
            return ("Importación USB", usbImport(device, readings, control: control, beyond: beyond, clock: clock))
        case .usbUnplugged(let device):
            return (
                "Dispositivo USB",
                "El dispositivo USB \(device) se desconectó antes de leerlo: esta vez no se guardó nada de él. "
                    + "Vuelva a conectarlo."
            )
        case .usbUnreadable(let device, let adapter):
            return ("Dispositivo USB", "El adaptador \(adapter) no pudo leer el dispositivo USB \(device).")
        case .reportCardReady(let month):
            return (
                "Su resumen del mes \(month) está listo",
                "Véalo con `kidneyhub reportcard --month \(month)`."
            )
        }
    }

    /// "Potasio 6,6 mmol/L: nivel peligrosamente alto", and when, the limit with its source, and what to do.
    private func criticalValue(
        _ id: String,
        value: Double,
        takenAtMs: Int64,
        zone: String,
        gain: NotificationMessage.GainDetail?
    ) -> (title: String, body: String)? {
        guard let threshold = CriticalThresholds.standard.first(where: { $0.id == id }),
            let analyte = Spanish.thresholdAnalytes[id], let action = Spanish.thresholdActions[id],
            let review = Spanish.thresholdReviews[threshold.review], let source = Spanish.thresholdSources[id]
        else { return nil }
        let digits = CriticalValueAlert.digits(for: threshold.unit)
        let unit = UnitDisplayName.text(threshold.unit)
        let high = threshold.direction == .atOrAbove
        let level =
            (threshold.severity == .emergency ? "nivel peligrosamente " : "nivel demasiado ") + (high ? "alto" : "bajo")
        let limit = "\(fixed(threshold.limit, digits: digits)) \(unit)"
        let taken = LocalMinute.text(takenAtMs, in: TimeZone(identifier: zone) ?? .gmt)
        var body = "Tomado el \(taken) (\(zone))."
        if let gain {
            body += " \(fixed(gain.kilograms, digits: 1)) kg ganados antes de la sesión del \(gain.session) "
            body += "(\(fixed(gain.percent, digits: 1)) % de su peso seco)."
        }
        body += " Alerta " + (high ? "con \(limit) o más" : "por debajo de \(limit)")
        body += ": \(source). Qué hacer: \(action) \(review)"
        return ("\(analyte) \(fixed(value, digits: digits)) \(unit): \(level)", body)
    }

    /// An advice rule's firing as the English feed writes it (severity, then the rule's first statement or the
    /// intake against its limit; the whole message with its source), from the Spanish of the rule's version.
    private func advice(
        _ rule: String,
        version: Int,
        severity: AdviceSeverity,
        verification: RuleSource.Verification,
        _ citation: String,
        _ facts: [String: String]
    ) -> (title: String, body: String)? {
        guard let translated = Spanish.adviceRules[rule], translated.version == version else { return nil }
        var message = translated.message
        if rule == AlertRules.dayCrossedLimit.id, facts["today"] != "yes", let date = facts["date"] {
            message = "El total del \(date) ya supera su límite:"
        }
        let statement = message.split(separator: ":", maxSplits: 1).first.map(String.init) ?? message
        let title = intakeTitle(facts) ?? statement.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        let detail = adviceDetail(rule, facts)
        var body = detail.isEmpty ? message : "\(message) \(detail)"
        body += " [fuente: \(citation)]"
        if verification == .unverified { body += " \(Spanish.unverifiedReview)" }
        let severityWord =
            switch severity {
            case .info: "INFORMACIÓN"
            case .caution: "PRECAUCIÓN"
            case .warning: "ADVERTENCIA"
            case .critical: "CRÍTICO"
            }
        return ("\(severityWord): \(title.prefix(120))", body)
    }

    /// An intake alert's title: "Potasio 3300 mg, por encima de su límite de 3000 mg hoy"; nil for other firings.
    private func intakeTitle(_ facts: [String: String]) -> String? {
        guard let subject = facts["subject"].flatMap(IntakeSubject.init(rawValue:)), let date = facts["date"] else {
            return nil
        }
        let unit = facts["unit"] ?? ""
        let day = facts["today"] == "yes" ? "hoy" : "el \(date)"
        let name = text(subject.messageKey)
        if let after = facts["after"], let limit = facts["limit"] {
            return
                "\(name) \(factNumber(after)) \(unit), por encima de su límite de \(factNumber(limit)) \(unit) \(day)"
        }
        if let meal = facts["meal"].flatMap(Meal.init(rawValue:)), let total = facts["meal_total"],
            let share = facts["share"]
        {
            return
                "\(name) \(factNumber(total)) \(unit) en \(text(meal.messageKey).lowercased()), por encima de su parte "
                + "de \(factNumber(share)) \(unit) \(day)"
        }
        return nil
    }

    /// What a firing adds after the rule's message, as `AlertRules` and `InteractionRule` write it in English.
    private func adviceDetail(_ rule: String, _ facts: [String: String]) -> String {
        let unit = facts["unit"] ?? ""
        let subject = facts["subject"].flatMap(IntakeSubject.init(rawValue:)).map { text($0.messageKey).lowercased() }
        switch rule {
        case AlertRules.dayCrossedLimit.id:
            guard let subject, let after = facts["after"], let limit = facts["limit"] else { return "" }
            return "\(subject) \(factNumber(after)) \(unit) frente a \(factNumber(limit)) \(unit)."
        case AlertRules.mealOverShare.id:
            guard let subject, let meal = facts["meal"].flatMap(Meal.init(rawValue:)),
                let total = facts["meal_total"], let share = facts["share"]
            else { return "" }
            return "\(text(meal.messageKey)): \(subject) \(factNumber(total)) \(unit), "
                + "parte de hasta \(factNumber(share)) \(unit)."
        case AlertRules.rapidEGFRDecline.id:
            guard let slope = facts["egfr_slope_per_year"] else { return "" }
            return "Cambio del FGe: \(factNumber(slope)) mL/min/1,73 m² al año."
        case AlertRules.gainAboveWarn.id, AlertRules.gainAboveAlert.id:
            guard let percent = facts["idwg_percent_dry_weight"] else { return "" }
            return "Último: \(factNumber(percent)) %."
        default:
            if let lab = facts.keys.first(where: { $0.hasPrefix("lab_") && $0 != "lab_value" }),
                let analyte = LabCatalog.standard.analyte(id: String(lab.dropFirst(4))), let value = facts["lab_value"]
            {
                let unit = UnitDisplayName.text(analyte.canonicalUnit.code)
                return "Último valor de \(labName(analyte).lowercased()): \(factNumber(value)) \(unit)."
            }
            guard let food = facts["food"] else { return "" }
            return "— \(food)" + (facts["medication"].map { " (su medicación: \($0))" } ?? "") + "."
        }
    }

    /// "3 lecturas nuevas de glucosa en sangre de FreeStyle Precision Neo", and what was kept apart or flagged.
    private func usbImport(_ device: String, _ readings: [String: Int], control: Int, beyond: Int, clock: Int)
        -> String
    {
        let parts = readings.sorted { $0.key < $1.key }.map { kind, count in
            let name = MeasurementKind(rawValue: kind).map { text($0.messageKey).lowercased() } ?? kind
            return count == 1 ? "1 lectura nueva de \(name)" : "\(number(Double(count))) lecturas nuevas de \(name)"
        }
        var line =
            parts.isEmpty
            ? "Ninguna lectura nueva de \(device)" : parts.joined(separator: ", ") + " de \(device)"
        if control > 0 {
            line +=
                control == 1
                ? "; 1 prueba con solución de control, apartada"
                : "; \(control) pruebas con solución de control, apartadas"
        }
        if beyond > 0 { line += "; \(beyond) fuera del intervalo del medidor (HI o LO)" }
        if clock > 0 {
            line += "; \(clock) \(clock == 1 ? "marcada" : "marcadas") porque el reloj del medidor parece incorrecto"
        }
        return line
    }

    /// A number of an advice firing's facts (written as `AdviceNumber` writes it) in this language's marks.
    private func factNumber(_ text: String) -> String {
        Double(text).map { number($0, digits: 1) } ?? text
    }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
