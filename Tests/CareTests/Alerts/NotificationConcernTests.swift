import Care
import Foundation
import HubCore
import Testing

/// What a notification is about, the screen a front end opens for it: by its message when it has one, by its type
/// when it has only words.
@Suite struct NotificationConcernTests {
    static func critical(_ threshold: String) -> NotificationMessage {
        .criticalValue(threshold: threshold, value: 1, takenAtMs: 0, zone: "UTC", gain: nil)
    }

    static func advice(_ rule: String) -> NotificationMessage {
        .advice(rule: rule, version: 1, severity: .warning, verification: .unverified, citation: "", facts: [:])
    }

    @Test func eachMessageIsAboutWhatItNames() {
        let cases: [(NotificationMessage, NotificationConcern)] = [
            (Self.critical("potassium-severe-high"), .labs),
            (Self.critical("idwg-high"), .weight),
            (Self.critical("bp-systolic-crisis"), .bloodPressure),
            (Self.critical("a-threshold-of-a-newer-hub"), .readings),
            (.meterRange(above: true, time: "2026-11-26 14:02", bound: 500), .readings),
            (.readingWatch(reading: .heartRate, value: 75, threshold: 70, time: "15:00", medication: nil), .readings),
            (
                .readingWatch(reading: .systolic, value: 150, threshold: 140, time: "15:00", medication: nil),
                .bloodPressure
            ),
            (.halfWay(goal: .drinkWater(milliliters: 1500), period: "2026-11-26", fraction: 0.55), .goals),
            (
                .reward(goal: .stepsPerDay(6000), achievement: .met, badge: .onTheMove, points: 3, period: "p"),
                .goals
            ),
            (.medicationReminder(name: "sevelamer", rule: 4), .medications),
            (.doseDue(name: "sevelamer", time: "08:00"), .medications),
            (.doseNotTaken(name: "sevelamer", time: "08:00", minutes: 60), .medications),
            (.binderWithMeal(name: "sevelamer", mealTime: "12:30"), .medications),
            (.weighingReminder(rule: 5), .weight),
            (
                .advice(
                    rule: AlertRules.dayCrossedLimit.id,
                    version: 1,
                    severity: .warning,
                    verification: .quotedInResearch,
                    citation: "KDOQI 2020",
                    facts: [:]
                ),
                .intake
            ),
            (Self.advice(AlertRules.criticalPotassium.id), .labs),
            (Self.advice(AlertRules.rapidEGFRDecline.id), .labs),
            (Self.advice(AlertRules.gainAboveAlert.id), .weight),
            (Self.advice(AlertRules.mealOverShare.id), .intake),
            (Self.advice("fdi-20-star-fruit"), .intake),
            (.reportCardReady(month: "2026-10"), .reports),
            (.usbUnplugged(device: "Meter"), .devices),
            (.usbUnreadable(device: "Meter", adapter: "usb-glucometer"), .devices),
        ]
        for (message, expected) in cases {
            #expect(NotificationConcern.of(message) == expected, "\(message)")
        }
        // A glucose threshold is a reading's, whichever of its rows.
        let glucoseRows = CriticalThresholds.standard.filter {
            if case .reading(.bloodGlucose, _) = $0.subject { true } else { false }
        }
        #expect(!glucoseRows.isEmpty)
        #expect(glucoseRows.allSatisfy { NotificationConcern.of(Self.critical($0.id)) == .readings })
    }

    @Test func aNotificationIsAboutWhatItsTypeSaysAndItsMessageIsReadOnlyWhenTheTypeDoesNotTell() {
        var read = 0
        func of(_ type: NotificationType, _ message: NotificationMessage?) -> NotificationConcern {
            NotificationConcern.of(type: type) {
                read += 1
                return message
            }
        }
        #expect(of(.reward, nil) == .goals && of(.progress, nil) == .goals && of(.device, nil) == .devices)
        #expect(read == 0)
        #expect(of(.import, nil) == .imports)
        #expect(of(.import, .usbUnplugged(device: "Meter")) == .devices)
        #expect(of(.alert, Self.critical("potassium-severe-high")) == .labs)
        #expect(of(.reminder, .weighingReminder(rule: 1)) == .weight)
        // Words only: a reminder is a medicine's, an alert is about the day's intake.
        #expect(of(.reminder, nil) == .medications)
        #expect(of(.alert, nil) == .intake)
    }
}
