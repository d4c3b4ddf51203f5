import Care
import Foundation
import HubCore
import HubRecords
import HubStore
import Subprocess
import SystemPackage

/// Runs the profile's notification command (argv, no shell): the message as JSON on standard input, or
/// `{type}`, `{title}` and `{body}` replaced in the arguments (`NotificationSettings.CommandInput`).
public struct CommandNotifier: NotificationSink {
    /// The longest a command may run before it counts as failed.
    public static let timeout: Duration = .seconds(30)

    /// A notifier.
    public init() {}

    public var name: String { "command" }

    public func accepts(_ settings: NotificationSettings) -> Bool { settings.command?.isEmpty == false }

    public func push(_ notification: StoredNotification, settings: NotificationSettings) async throws {
        guard let command = settings.command, let program = command.first else { return }
        var arguments = Array(command.dropFirst())
        var input = ""
        switch settings.commandInput {
        case .stdin:
            input = try Self.message(notification)
        case .arguments:
            arguments = arguments.map {
                $0.replacingOccurrences(of: "{type}", with: notification.type.rawValue)
                    .replacingOccurrences(of: "{title}", with: notification.title)
                    .replacingOccurrences(of: "{body}", with: notification.body)
            }
        }
        let result = try await Subprocess.run(
            .path(FilePath(program)),
            arguments: Arguments(arguments),
            input: .string(input),
            output: .discarded,
            error: .string(limit: 4096)
        )
        guard result.terminationStatus.isSuccess else {
            throw CommandNotifierError(
                program: program,
                status: "\(result.terminationStatus)",
                stderr: result.standardError
            )
        }
    }

    /// The JSON written to the command's standard input: `type`, `title`, `body`, `createdAt` (RFC 3339, UTC), `id`.
    static func message(_ notification: StoredNotification) throws -> String {
        struct Message: Encodable {
            let id: Int64
            let type: String
            let title: String
            let body: String
            let createdAt: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let message = Message(
            id: notification.id,
            type: notification.type.rawValue,
            title: notification.title,
            body: notification.body,
            createdAt: RFC3339.format(epochMilliseconds: notification.createdAtMs, utcOffsetSeconds: 0)
        )
        return String(decoding: try encoder.encode(message), as: UTF8.self) + "\n"
    }
}

/// The notification command failed.
public struct CommandNotifierError: Error, CustomStringConvertible {
    /// The program run.
    public let program: String
    /// How it ended.
    public let status: String
    /// The end of what it wrote to standard error.
    public let stderr: String

    public var description: String {
        "\(program) ended with \(status)"
            + (stderr.isEmpty ? "" : ": \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
