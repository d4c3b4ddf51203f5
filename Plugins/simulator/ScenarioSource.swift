import AdapterProtocol
import Foundation

/// Where the scenario comes from.
///
/// The hub's `adapterConfig` `{"scenario": PATH}` comes first, then `--scenario PATH`, then the built-in
/// dialysis day. A relative path is taken from the working directory, which the hub sets to the
/// manifest's directory.
enum ScenarioSource: Sendable, Hashable {
    case file(String)
    case builtIn

    /// Chooses the source; throws when `adapterConfig` is not `{}`, null or `{"scenario": "PATH"}`.
    init(adapterConfig: JSONValue?, commandLinePath: String?) throws(RPCError) {
        switch adapterConfig {
        case nil, .null:
            break
        case .object(let members):
            if let unknown = members.keys.sorted().first(where: { $0 != "scenario" }) {
                throw RPCError(.invalidParams, "adapterConfig.\(unknown): unknown key (known: scenario)")
            }
            switch members["scenario"] {
            case nil, .null:
                break
            case .string(let path) where !path.isEmpty:
                self = .file(path)
                return
            default:
                throw RPCError(.invalidParams, "adapterConfig.scenario: must be the path of a scenario file")
            }
        default:
            throw RPCError(.invalidParams, "adapterConfig: must be an object such as {\"scenario\": \"PATH\"}")
        }
        self = commandLinePath.map { .file($0) } ?? .builtIn
    }

    /// The file's path, or `built-in dialysis-day`.
    var name: String {
        switch self {
        case .file(let path): path
        case .builtIn: "built-in \(BuiltInScenario.name)"
        }
    }

    /// Reads and checks the scenario.
    func load() throws(ScenarioError) -> Scenario {
        switch self {
        case .file(let path): try Scenario.load(path: path)
        case .builtIn: try Scenario.parse(Data(BuiltInScenario.json.utf8), source: name)
        }
    }
}
