import Care
import CareEngine
import Clinical
import DBus
import DesktopNotifications
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// The desktop path against a private session bus, with python3-dbusmock's `notification_daemon` template standing
/// in for the desktop's notification server (issue 9 acceptance).
@Suite(.serialized) struct DesktopNotifierTests {
    @Test func notificationsReachTheDesktopThroughFreedesktopNotify() async throws {
        let bus = try await PrivateSessionBus.start()
        defer { bus.stop() }
        let directory = NSTemporaryDirectory() + "kidneyhub-desktop-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try HubDatabase.open(atPath: "\(directory)/store.sqlite", durability: .normal)
        try await store.acceptTerms(version: TermsOfService.current.version, atMs: 1)
        let profile = try await store.saveProfile(
            PatientProfile(name: "Ana", timeZoneIdentifier: "UTC"),
            id: nil,
            atMs: 2
        )
        let utc = try #require(TimeZone(identifier: "UTC"))

        #expect(DesktopNotifier.fromEnvironment([:]) == nil)
        let notifier = try #require(DesktopNotifier.fromEnvironment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
        let dispatcher = NotificationDispatcher(store: store, sinks: [notifier])
        let draft = NotificationDraft(
            type: .reward,
            title: "On the move: +10 points",
            body: "7000 steps a day (day:2026-11-16): 7200 steps",
            dedupeKey: "reward:1:day:2026-11-16:met"
        )
        #expect(try await store.postNotification(draft, profileId: profile.id, atMs: 1000, timeZone: utc) != nil)
        #expect(await dispatcher.deliverDue(at: 2000) == 1)
        let log = try bus.log()
        #expect(
            log.contains(
                "Notify \"KidneyHub\" 0 \"\" \"On the move: +10 points\" \"7000 steps a day (day:2026-11-16): 7200 steps\""
            ),
            "\(log)"
        )
        #expect(log.contains("\"urgency\": 1"), "\(log)")

        // Desktop switched off for the profile: the next one stays in the feed and Notify is not called again.
        var settings = try await store.notificationSettings(profileId: profile.id)
        settings.desktop = false
        try await store.saveNotificationSettings(settings, profileId: profile.id)
        var second = draft
        second.dedupeKey = "reward:1:day:2026-11-17:met"
        #expect(try await store.postNotification(second, profileId: profile.id, atMs: 3000, timeZone: utc) != nil)
        #expect(await dispatcher.deliverDue(at: 4000) == 1)
        #expect(try bus.log().components(separatedBy: "Notify ").count == 2)
        #expect(try await store.notifications(profileId: profile.id).count == 2)
    }

    @Test func noNotificationServerIsAnErrorNotAHang() async throws {
        let notifier = DesktopNotifier(address: "unix:path=/nonexistent/kidneyhub-session-bus")
        let notification = StoredNotification(
            id: 1,
            profileId: nil,
            type: .device,
            title: "scale-1 connected",
            body: "",
            createdAtMs: 0,
            pushAfterMs: 0
        )
        await #expect(throws: (any Error).self) {
            try await notifier.push(notification, settings: NotificationSettings())
        }
    }
}

/// A private `dbus-daemon --session` in a temporary directory with python3-dbusmock's notification daemon on it.
final class PrivateSessionBus: Sendable {
    let directory: String
    let address: String
    private let daemon: Process
    private let mock: Process

    private init(directory: String, address: String, daemon: Process, mock: Process) {
        self.directory = directory
        self.address = address
        self.daemon = daemon
        self.mock = mock
    }

    /// What the mock logged: one line per method call.
    func log() throws -> String {
        try String(contentsOfFile: "\(directory)/mock.log", encoding: .utf8)
    }

    static func start() async throws -> PrivateSessionBus {
        let directory = NSTemporaryDirectory() + "kidneyhub-session-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let socket = "\(directory)/bus"
        let address = "unix:path=\(socket)"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--address=\(address)", "--nofork", "--nopidfile"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try ProcessLauncher.run(daemon)
        try await eventually("the session bus socket at \(socket)", within: .seconds(20)) {
            FileManager.default.fileExists(atPath: socket)
        }

        let mock = Process()
        // Debian's Python, which has python3-dbus and python3-dbusmock.
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock", "--session", "-t", "notification_daemon", "-l", "\(directory)/mock.log"]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        mock.environment = environment
        mock.standardOutput = FileHandle.nullDevice
        mock.standardError = FileHandle.nullDevice
        do {
            try ProcessLauncher.run(mock)
        } catch {
            daemon.terminate()
            throw error
        }
        let bus = PrivateSessionBus(directory: directory, address: address, daemon: daemon, mock: mock)
        let worker = DBusWorker(label: "kidneyhub.test.session-bus")
        try await eventually("org.freedesktop.Notifications on the session bus", within: .seconds(20)) {
            let owned = try? await worker.run {
                let connection = try DBusConnection.connect(address: address)
                defer { connection.close() }
                return try connection.call(
                    destination: "org.freedesktop.DBus",
                    path: "/org/freedesktop/DBus",
                    interface: "org.freedesktop.DBus",
                    member: "NameHasOwner",
                    arguments: [.string("org.freedesktop.Notifications")]
                )
            }
            return owned == [.boolean(true)]
        }
        return bus
    }

    /// Stops the mock and the daemon (signals only: never waits on a cooperative thread) and removes the directory.
    func stop() {
        mock.terminate()
        daemon.terminate()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
