import Care
import CareEngine
import DBus
import Foundation
import HubCore
import HubRecords
import HubStore

/// Shows notifications on the desktop through the freedesktop notifications interface
/// (`org.freedesktop.Notifications.Notify` on the session bus, Desktop Notifications Specification 1.2), using the
/// hub's one D-Bus client (`Sources/DBus`). Active only when a session bus is present (`DBUS_SESSION_BUS_ADDRESS`).
public final class DesktopNotifier: NotificationSink {
    /// The bus name, object path and interface of the notification server (Desktop Notifications Specification).
    static let destination = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    static let interface = "org.freedesktop.Notifications"
    /// How long a notification stays up: -1 lets the server decide (specification, `expire_timeout`).
    static let serverDefaultTimeout: Int32 = -1

    private let address: String
    private let worker = DBusWorker(label: "kidneyhub.desktop-notifications")

    /// A notifier for the session bus at `address`.
    public init(address: String) {
        self.address = address
    }

    /// A notifier for the session bus of this process's environment, or nil when there is none.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> DesktopNotifier?
    {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { return nil }
        return DesktopNotifier(address: address)
    }

    public var name: String { "desktop" }

    public func accepts(_ settings: NotificationSettings) -> Bool { settings.desktop }

    public func push(_ notification: StoredNotification, settings: NotificationSettings) async throws {
        let address = address
        // Desktop Notifications specification, "Urgency Levels": 1 normal, 2 critical.
        let urgency: UInt8 = notification.type == .alert ? 2 : 1
        _ = try await worker.run {
            // One short-lived connection per push: pushes are rare and a session bus may come and go.
            let connection = try DBusConnection.connect(address: address)
            defer { connection.close() }
            return try connection.call(
                destination: Self.destination,
                path: Self.path,
                interface: Self.interface,
                member: "Notify",
                arguments: [
                    .string("KidneyHub"),  // app_name
                    .uint32(0),  // replaces_id: a new notification
                    .string(""),  // app_icon
                    .string(notification.title),  // summary
                    .string(notification.body),  // body
                    .array(element: "s", []),  // actions
                    .properties([
                        "urgency": .byte(urgency),
                        "category": .string("x-kidneyhub.\(notification.type.rawValue)"),
                    ]),  // hints
                    .int32(Self.serverDefaultTimeout),
                ],
                timeout: .seconds(5)
            )
        }
    }
}
