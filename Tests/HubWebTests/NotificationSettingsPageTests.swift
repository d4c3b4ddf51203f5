import Care
import Clinical
import Foundation
import HTTPTypes
import HubServices
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HubWeb

/// The settings page's notifications: each type switched on or off, quiet hours (both ends or neither), the
/// desktop, stored through the application layer; alerts on a value that needs attention are never switched off
/// from a page.
@Suite struct NotificationSettingsPageTests {
    func settings(_ world: WebWorld) async throws -> NotificationSettings {
        try await world.app.notifications.settings(profile: nil)
    }

    @Test func theFormStoresEachTypeTheQuietHoursAndTheDesktopAndNeverSwitchesAlertsOff() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, csrf) = await world.signedIn()
        let page = try await world.test { client in
            try await client.execute(uri: "/settings", method: .get, headers: WebWorld.headers(cookie: cookie)) {
                $0.body.text
            }
        }
        // Every type on to begin with; the alerts' box on and locked.
        for type in NotificationType.allCases {
            #expect(page.contains("id=\"type-\(type.rawValue)\" name=\"type\" value=\"\(type.rawValue)\" checked"))
        }
        #expect(page.contains("value=\"alert\" checked disabled>"))

        // Only reminders ticked (a browser does not send the locked alert box), quiet from 22:00 to 07:00.
        let (status, _) = try await world.post(
            "/settings/notifications",
            "type=reminder&quietStart=22%3A00&quietEnd=07%3A00",
            cookie: cookie,
            csrf: csrf
        )
        #expect(status == .seeOther)
        var stored = try await settings(world)
        #expect(stored.disabledTypes == [.reward, .progress, .device, .import])
        #expect(stored.quietHours?.description == "22:00-07:00")
        #expect(stored.desktop == false)
        // Ticking the others back on enables them, and the quiet hours left empty remove them.
        _ = try await world.post(
            "/settings/notifications",
            "type=reward&type=progress&type=reminder&type=device&type=import&desktop=1",
            cookie: cookie,
            csrf: csrf
        )
        stored = try await settings(world)
        #expect(stored.disabledTypes.isEmpty)
        #expect(stored.quietHours == nil)
        #expect(stored.desktop)
        // Alerts switched off from the command line: the page shows their box unticked and free, and ticking it
        // switches them back on.
        var off = NotificationsService.SettingsChange()
        off.disable = [.alert]
        _ = try await world.app.notifications.settings(profile: nil, change: off)
        let withAlertsOff = try await world.test { client in
            try await client.execute(uri: "/settings", method: .get, headers: WebWorld.headers(cookie: cookie)) {
                $0.body.text
            }
        }
        #expect(withAlertsOff.contains("id=\"type-alert\" name=\"type\" value=\"alert\">"))
        _ = try await world.post("/settings/notifications", "type=alert&type=reminder", cookie: cookie, csrf: csrf)
        #expect(try await settings(world).disabledTypes.contains(.alert) == false)
    }

    @Test func quietHoursWithOneEndOrAWrongTimeAreRefusedOnThePageAndNothingChanges() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, csrf) = await world.signedIn()
        let before = try await settings(world)
        let (status, page) = try await world.post(
            "/settings/notifications",
            "type=reminder&quietStart=22%3A00",
            cookie: cookie,
            csrf: csrf
        )
        #expect(status == .unprocessableContent)
        #expect(page.contains("Give both the start and the end of the quiet hours, or neither."))
        // What was sent is shown again: the start typed, the reward box unticked as it was sent.
        #expect(page.contains("id=\"quietStart\" name=\"quietStart\" type=\"time\" value=\"22:00\""))
        #expect(page.contains("value=\"reward\">"))
        let (wrong, _) = try await world.post(
            "/settings/notifications",
            "quietStart=25%3A00&quietEnd=07%3A00",
            cookie: cookie,
            csrf: csrf
        )
        #expect(wrong == .unprocessableContent)
        #expect(try await settings(world) == before)
    }
}
