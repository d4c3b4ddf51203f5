import Foundation

/// What an adapter must remember about a paired device that BlueZ does not: the User Data Service user index and
/// consent code a scale gave us at registration. One JSON file per adapter, written atomically, in
/// `$KIDNEYHUB_STATE_DIR` (else `$XDG_STATE_HOME/kidneyhub`, else `~/.local/state/kidneyhub`).
public final class AdapterStateFile: @unchecked Sendable {
    // @unchecked: used only on the adapter's bus worker queue.
    public struct UserRegistration: Codable, Sendable, Hashable {
        public var userIndex: Int
        public var consentCode: Int
    }

    private let path: String
    private var registrations: [String: UserRegistration]

    public init(adapterId: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let directory =
            environment["KIDNEYHUB_STATE_DIR"]
            ?? environment["XDG_STATE_HOME"].map { $0 + "/kidneyhub" }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/kidneyhub")
        path = directory + "/\(adapterId).json"
        let data = FileManager.default.contents(atPath: path) ?? Data()
        registrations = (try? JSONDecoder().decode([String: UserRegistration].self, from: data)) ?? [:]
    }

    public func registration(for address: String) -> UserRegistration? { registrations[address.uppercased()] }

    public func save(_ registration: UserRegistration, for address: String) throws {
        registrations[address.uppercased()] = registration
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(registrations).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
