import Care
import Clinical
import Foundation
import HubRecords
import Testing

@testable import HubWeb

/// Notifications on a page: an English page shows the stored words (those of the command line); a Spanish page writes
/// each message again in Spanish, with Spanish numbers, and falls back to the stored words only where it has no
/// translation (no message, or an advice rule changed since it was translated).
@Suite struct NotificationTextTests {
    static func note(_ message: NotificationMessage?) -> StoredNotification {
        StoredNotification(
            id: 1,
            profileId: 1,
            type: .alert,
            title: "Stored English title",
            body: "Stored English body.",
            createdAtMs: 0,
            pushAfterMs: 0,
            message: message
        )
    }

    /// One message of each case, with words the Spanish must hold.
    static let cases: [(NotificationMessage, [String])] = [
        (
            .criticalValue(
                threshold: "potassium-severe-high",
                value: 6.6,
                takenAtMs: 1_795_505_400_000,
                zone: "Europe/Madrid",
                gain: nil
            ),
            ["Potasio 6,6 mmol/L: nivel peligrosamente alto", "2026-11-24 08:30 (Europe/Madrid)", "6,5 mmol/L o más"]
        ),
        (
            .criticalValue(
                threshold: "idwg-high",
                value: 4.26,
                takenAtMs: 0,
                zone: "UTC",
                gain: .init(kilograms: 3.24, session: "2026-11-26", percent: 4.26)
            ),
            ["4,3 %: nivel", "3,2 kg ganados antes de la sesión del 2026-11-26 (4,3 % de su peso seco)"]
        ),
        (.meterRange(above: true, time: "2026-11-26 14:02", bound: 500), ["2026-11-26 14:02", "500 mg/dL"]),
        (.meterRange(above: false, time: "2026-11-26 14:02", bound: 20), ["2026-11-26 14:02", "20 mg/dL"]),
        (
            .readingWatch(reading: .heartRate, value: 75.5, threshold: 70, time: "15:00", medication: "metoprolol"),
            ["Frecuencia cardíaca por encima de 70", "75,5", "15:00", "metoprolol"]
        ),
        (
            .reward(
                goal: .interdialyticGainBelow(percentOfDryWeight: 4),
                achievement: .met,
                badge: .steadyBetweenSessions,
                points: 2,
                period: "2026-W48"
            ),
            ["Estable entre sesiones: +2 puntos", "Aumento de peso entre sesiones por debajo del 4 %", "2026-W48"]
        ),
        (
            .reward(goal: .stepsPerDay(6000), achievement: .streak(3), badge: .onTheMove, points: 3, period: "p"),
            ["3 seguidos: +3 puntos", "6000 pasos al día"]
        ),
        (.halfWay(goal: .drinkWater(milliliters: 1500), period: "2026-11-26", fraction: 0.55), ["55 %", "1500 mL"]),
        (.medicationReminder(name: "sevelamer", rule: 4), ["Hora de sevelamer", "kidneyhub reminders answer 4"]),
        (.weighingReminder(rule: 5), ["Hora de pesarse", "kidneyhub reminders answer 5"]),
        (.doseDue(name: "sevelamer", time: "08:00"), ["Hora de sevelamer", "08:00"]),
        (.doseNotTaken(name: "sevelamer", time: "08:00", minutes: 60), ["sevelamer", "08:00", "60 minutos"]),
        (.binderWithMeal(name: "sevelamer", mealTime: "12:30"), ["¿sevelamer con su comida?", "12:30"]),
        (
            .advice(
                rule: AlertRules.dayCrossedLimit.id,
                version: AlertRules.dayCrossedLimit.version,
                severity: .warning,
                verification: .quotedInResearch,
                citation: "KDOQI 2020",
                facts: [
                    "subject": "potassium", "after": "3300.5", "limit": "3000", "unit": "mg", "date": "2026-11-26",
                    "today": "yes",
                ]
            ),
            ["ADVERTENCIA: Potasio 3300,5 mg, por encima de su límite de 3000 mg hoy", "[fuente: KDOQI 2020]"]
        ),
        (
            .advice(
                rule: AlertRules.criticalPotassium.id,
                version: AlertRules.criticalPotassium.version,
                severity: .critical,
                verification: .unverified,
                citation: "UK Kidney Association 2020",
                facts: ["lab_potassium": "6.6 mmol/L (high)", "lab_value": "6.6"]
            ),
            ["CRÍTICO: ", "6,6 mmol/L", Spanish.unverifiedReview]
        ),
        (.reportCardReady(month: "2026-10"), ["2026-10", "kidneyhub reportcard --month 2026-10"]),
        (
            .usbImport(
                device: "FreeStyle Precision Neo",
                readings: ["blood_glucose": 12, "blood_ketone": 1],
                controlSolution: 1,
                beyondMeterRange: 2,
                clockSuspect: 3
            ),
            [
                "Importación USB", "12 lecturas nuevas de glucosa", "1 lectura nueva de", "de FreeStyle Precision Neo",
                "1 prueba con solución de control", "2 fuera del intervalo", "3 marcadas",
            ]
        ),
        (
            .usbImport(device: "Meter", readings: [:], controlSolution: 0, beyondMeterRange: 0, clockSuspect: 0),
            ["Ninguna lectura nueva de Meter"]
        ),
        (.usbUnplugged(device: "Meter"), ["Dispositivo USB", "Meter se desconectó"]),
        (.usbUnreadable(device: "Meter", adapter: "usb-glucometer"), ["usb-glucometer no pudo leer", "Meter"]),
    ]

    @Test func aSpanishPageWritesEveryMessageInSpanish() {
        for (message, expected) in Self.cases {
            let (title, body) = Language.spanish.notification(Self.note(message))
            let both = title + " " + body
            #expect(!both.contains("Stored English"), "\(message)")
            #expect(!both.contains("%@"), "\(both)")
            for words in expected { #expect(both.contains(words), "\(words) not in: \(both)") }
            // English words that only an untranslated text holds.
            for english in [" your ", "Time for", "Taken ", " with your", "What to do", " points"] {
                #expect(!both.contains(english), "\(english) in: \(both)")
            }
        }
    }

    @Test func anEnglishPageShowsTheStoredWords() {
        for (message, _) in Self.cases {
            let (title, body) = Language.english.notification(Self.note(message))
            #expect(title == "Stored English title" && body == "Stored English body.")
        }
    }

    @Test func withoutATranslationASpanishPageShowsTheStoredWords() {
        let changedRule = NotificationMessage.advice(
            rule: AlertRules.dayCrossedLimit.id,
            version: AlertRules.dayCrossedLimit.version + 1,
            severity: .warning,
            verification: .quotedInResearch,
            citation: "c",
            facts: [:]
        )
        let unknownThreshold = NotificationMessage.criticalValue(
            threshold: "no-such-row",
            value: 1,
            takenAtMs: 0,
            zone: "UTC",
            gain: nil
        )
        for message in [nil, changedRule, unknownThreshold] {
            let (title, body) = Language.spanish.notification(Self.note(message))
            #expect(title == "Stored English title" && body == "Stored English body.")
        }
    }

    @Test func aBackDatedIntakeAlertNamesItsDayNotToday() {
        let message = NotificationMessage.advice(
            rule: AlertRules.dayCrossedLimit.id,
            version: AlertRules.dayCrossedLimit.version,
            severity: .warning,
            verification: .quotedInResearch,
            citation: "c",
            facts: ["subject": "sodium", "after": "2100", "limit": "2000", "unit": "mg", "date": "2026-11-20"]
        )
        let (title, body) = Language.spanish.notification(Self.note(message))
        #expect(title.hasSuffix("el 2026-11-20"))
        #expect(body.hasPrefix("El total del 2026-11-20"))
        #expect(!title.contains("hoy") && !body.contains("hoy"))
    }

    @Test func everyBadgeHasSpanishWordsAndABadgeEarnedReadsInTheLanguage() {
        for badge in Badge.allCases { #expect(Language.badges[badge] != nil, "\(badge)") }
        func reward(_ achievement: String, _ badge: String) -> StoredReward {
            StoredReward(
                id: 1,
                profileId: 1,
                goalId: 1,
                periodKey: "p",
                achievement: achievement,
                points: 1,
                badge: badge,
                detail: "",
                earnedAtMs: 0
            )
        }
        #expect(Language.spanish.badge(reward("met", "On dry weight")) == "En su peso seco")
        #expect(Language.spanish.badge(reward("streak-4", "4 in a row")) == "4 seguidos")
        #expect(Language.spanish.badge(reward("improving", "Heading the right way")) == "En buena dirección")
        #expect(Language.spanish.badge(reward("met", "A badge of a newer hub")) == "A badge of a newer hub")
        #expect(Language.english.badge(reward("met", "On dry weight")) == "On dry weight")
    }
}
