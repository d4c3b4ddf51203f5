import Foundation

/// The configured mail command: an argv (no shell) from `$KIDNEYHUB_MAIL_COMMAND`, a JSON array of strings in which
/// `{file}`, `{address}` and `{subject}` are replaced, for example
/// `["mutt", "-s", "{subject}", "-a", "{file}", "--", "{address}"]`.
public struct MailCommand: Sendable, Equatable {
    /// The arguments before substitution; the first is the program (a path, or a name looked up on PATH).
    public var arguments: [String]

    /// Why no mail command could be used.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notConfigured
        case malformed(String)
        case programNotFound(String)

        public var description: String {
            switch self {
            case .notConfigured:
                "no mail command is configured: set KIDNEYHUB_MAIL_COMMAND to a JSON array, for example "
                    + #"'["mutt", "-s", "{subject}", "-a", "{file}", "--", "{address}"]'"#
            case let .malformed(reason):
                "KIDNEYHUB_MAIL_COMMAND must be a JSON array of strings with the program first: \(reason)"
            case let .programNotFound(program): "the mail program '\(program)' was not found on PATH"
            }
        }
    }

    /// The command configured in `environment`.
    public static func configured(in environment: [String: String]) throws(Problem) -> MailCommand {
        guard let text = environment["KIDNEYHUB_MAIL_COMMAND"], !text.trimmingCharacters(in: .whitespaces).isEmpty
        else { throw .notConfigured }
        guard let data = text.data(using: .utf8),
            let arguments = try? JSONDecoder().decode([String].self, from: data)
        else { throw .malformed("'\(text)' is not a JSON array of strings") }
        guard let program = arguments.first, !program.isEmpty else { throw .malformed("the array is empty") }
        return MailCommand(arguments: arguments)
    }

    /// The argv for one file and address, placeholders replaced (each argument stays one argument).
    public func argv(file: String, address: String, subject: String) -> [String] {
        arguments.map {
            $0.replacingOccurrences(of: "{file}", with: file).replacingOccurrences(of: "{address}", with: address)
                .replacingOccurrences(of: "{subject}", with: subject)
        }
    }

    /// The program's path: as given when it contains a slash, else the first executable of that name on `path`.
    public func resolvedProgram(searchPath: String) throws(Problem) -> String {
        let program = arguments[0]
        if program.contains("/") { return program }
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .programNotFound(program)
    }
}
