import CDBus
import Foundation

/// A private connection to a message bus through libdbus-1, driven by its owner's thread.
///
/// Calls are sent and their replies awaited by reading the socket here (never libdbus's blocking call), so that
/// while we wait — for `Device1.Pair`, say — method calls *to* our exported objects (a BlueZ `Agent1` asking for a
/// passkey) are answered and signals are queued, not lost. The system bus is found the way libdbus finds it,
/// honouring `DBUS_SYSTEM_BUS_ADDRESS`, so tests point it at a private `dbus-daemon`.
///
/// Not thread-safe by design: one thread (or one serial queue) owns a connection. It is `Sendable` only so it can be
/// handed to that owner; see `DBusWorker`.
public final class DBusConnection: @unchecked Sendable {
    // @unchecked: every member is touched only by the connection's owner (a `DBusWorker`'s serial queue); libdbus
    // itself is made thread-safe by `dbus_threads_init_default()` for the rest.
    private let raw: OpaquePointer
    private var queuedSignals: [DBusMessage] = []
    private var handlers: [String: (DBusMessage) -> DBusMethodReply] = [:]
    private var closed = false
    private let trace = ProcessInfo.processInfo.environment["KIDNEYHUB_DBUS_TRACE"] != nil

    private init(raw: OpaquePointer) {
        self.raw = raw
        dbus_connection_set_exit_on_disconnect(raw, 0)
    }

    deinit { close() }

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set, else the well-known socket).
    public static func systemBus() throws(DBusError) -> DBusConnection {
        _ = threadsInitialised
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let raw = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error) else {
            throw takeError(&error, fallback: "cannot connect to the system bus")
        }
        return DBusConnection(raw: raw)
    }

    /// Connects to a bus at an address (`unix:path=…`) and registers on it.
    public static func connect(address: String) throws(DBusError) -> DBusConnection {
        _ = threadsInitialised
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let raw = dbus_connection_open_private(address, &error) else {
            throw takeError(&error, fallback: "cannot connect to \(address)")
        }
        guard dbus_bus_register(raw, &error) != 0 else {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw takeError(&error, fallback: "cannot register on \(address)")
        }
        return DBusConnection(raw: raw)
    }

    /// Closes the connection; later calls fail as disconnected.
    public func close() {
        guard !closed else { return }
        closed = true
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Whether the bus connection is still open.
    public var isConnected: Bool { !closed && dbus_connection_get_is_connected(raw) != 0 }

    /// Calls a method and waits for its reply, serving our exported objects and queueing signals meanwhile.
    public func call(
        destination: String,
        path: String,
        interface: String,
        member: String,
        arguments: [DBusValue] = [],
        timeout: Duration = .seconds(25)
    ) throws(DBusError) -> [DBusValue] {
        guard isConnected else {
            throw DBusError(name: DBusError.disconnectedName, message: "the bus connection is closed")
        }
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw DBusError(name: DBusError.invalidReplyName, message: "cannot build a call to \(interface).\(member)")
        }
        defer { dbus_message_unref(message) }
        guard DBusMarshalling.append(arguments, to: message) else {
            throw DBusError(name: DBusError.invalidReplyName, message: "cannot marshal the arguments of \(member)")
        }
        var serial: dbus_uint32_t = 0
        guard dbus_connection_send(raw, message, &serial) != 0 else {
            throw DBusError(name: DBusError.disconnectedName, message: "cannot send \(interface).\(member)")
        }
        dbus_connection_flush(raw)
        let deadline = ContinuousClock.now + timeout
        while true {
            if let reply = try pump(until: deadline, replyTo: serial) {
                if reply.kind == .error {
                    throw DBusError(
                        name: reply.errorName ?? "org.freedesktop.DBus.Error.Failed",
                        message: reply.arguments.first?.stringValue ?? ""
                    )
                }
                return reply.arguments
            }
            if ContinuousClock.now >= deadline {
                throw DBusError(name: DBusError.timeoutName, message: "no answer to \(interface).\(member) on \(path)")
            }
        }
    }

    /// Asks the bus to route signals matching `rule` to us (D-Bus Specification, "Match Rules").
    public func addMatch(_ rule: String) throws(DBusError) {
        _ = try call(
            destination: "org.freedesktop.DBus",
            path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus",
            member: "AddMatch",
            arguments: [.string(rule)]
        )
    }

    /// Serves method calls to `path` with `handler` (run on the owner's thread while it waits for anything).
    public func export(path: String, handler: @escaping (DBusMessage) -> DBusMethodReply) {
        handlers[path] = handler
    }

    public func unexport(path: String) {
        handlers[path] = nil
    }

    /// The next signal, waiting up to `timeout`; nil when none came. Throws when the connection is lost.
    public func nextSignal(timeout: Duration) throws(DBusError) -> DBusMessage? {
        if !queuedSignals.isEmpty { return queuedSignals.removeFirst() }
        let deadline = ContinuousClock.now + timeout
        while queuedSignals.isEmpty {
            _ = try pump(until: deadline, replyTo: nil)
            if ContinuousClock.now >= deadline { break }
        }
        return queuedSignals.isEmpty ? nil : queuedSignals.removeFirst()
    }

    /// Drops every signal already received, for a caller about to start something whose signals it must not confuse
    /// with older ones (method calls to our objects are still answered).
    public func discardReceivedSignals() throws(DBusError) {
        guard dbus_connection_read_write(raw, 0) != 0 else {
            throw DBusError(name: DBusError.disconnectedName, message: "the bus connection was lost")
        }
        _ = try pump(until: ContinuousClock.now, replyTo: nil)
        queuedSignals.removeAll()
    }

    /// Reads what arrives until `deadline` or until the reply to `serial` (returned) is read. Signals are queued,
    /// calls to exported objects are answered. Returns nil at the deadline, or as soon as a signal was queued when
    /// no reply is awaited.
    private func pump(until deadline: ContinuousClock.Instant, replyTo serial: UInt32?) throws(DBusError)
        -> DBusMessage?
    {
        while true {
            while let incoming = dbus_connection_pop_message(raw) {
                defer { dbus_message_unref(incoming) }
                let message = Self.decode(incoming)
                if trace {
                    // KIDNEYHUB_DBUS_TRACE=1: every message read, for debugging a BlueZ conversation.
                    let what = message.member ?? message.errorName ?? ""
                    let line = "dbus< \(message.kind) serial=\(message.serial) reply=\(message.replySerial) \(what)\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
                switch message.kind {
                case .methodReturn, .error:
                    if let serial, message.replySerial == serial { return message }
                case .signal:
                    queuedSignals.append(message)
                    if message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                        throw DBusError(name: DBusError.disconnectedName, message: "the bus closed the connection")
                    }
                case .methodCall:
                    answer(incoming, message)
                }
            }
            if serial == nil, !queuedSignals.isEmpty { return nil }
            let left = deadline - ContinuousClock.now
            if left <= .zero { return nil }
            let milliseconds = Int32(
                clamping: max(
                    1,
                    min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 100)
                )
            )
            guard dbus_connection_read_write(raw, milliseconds) != 0 else {
                throw DBusError(name: DBusError.disconnectedName, message: "the bus connection was lost")
            }
        }
    }

    private func answer(_ raw: OpaquePointer, _ message: DBusMessage) {
        if dbus_message_get_no_reply(raw) != 0, handlers[message.path ?? ""] == nil { return }
        let reply: DBusMethodReply =
            handlers[message.path ?? ""]?(message)
            ?? .error(
                DBusError(
                    name: "org.freedesktop.DBus.Error.UnknownObject",
                    message: "no object at \(message.path ?? "")"
                )
            )
        let response: OpaquePointer?
        switch reply {
        case .values(let values):
            response = dbus_message_new_method_return(raw)
            if let response { _ = DBusMarshalling.append(values, to: response) }
        case .error(let error):
            response = dbus_message_new_error(raw, error.name, error.message)
        }
        guard let response else { return }
        dbus_connection_send(self.raw, response, nil)
        dbus_connection_flush(self.raw)
        dbus_message_unref(response)
    }

    private static func decode(_ raw: OpaquePointer) -> DBusMessage {
        let kind: DBusMessage.Kind =
            switch dbus_message_get_type(raw) {
            case DBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
            case DBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
            case DBUS_MESSAGE_TYPE_ERROR: .error
            default: .signal
            }
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        return DBusMessage(
            kind: kind,
            serial: dbus_message_get_serial(raw),
            replySerial: dbus_message_get_reply_serial(raw),
            sender: text(dbus_message_get_sender(raw)),
            path: text(dbus_message_get_path(raw)),
            interface: text(dbus_message_get_interface(raw)),
            member: text(dbus_message_get_member(raw)),
            errorName: text(dbus_message_get_error_name(raw)),
            arguments: DBusMarshalling.arguments(of: raw)
        )
    }

    private static func takeError(_ error: inout CDBus.DBusError, fallback: String) -> DBusError {
        defer { dbus_error_free(&error) }
        guard dbus_error_is_set(&error) != 0 else {
            return DBusError(name: DBusError.disconnectedName, message: fallback)
        }
        return DBusError(
            name: error.name.map { String(cString: $0) } ?? DBusError.disconnectedName,
            message: error.message.map { String(cString: $0) } ?? fallback
        )
    }

    private static let threadsInitialised: Bool = dbus_threads_init_default() != 0
}
