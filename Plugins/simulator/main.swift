import AdapterKit
import Foundation

// The device simulator adapter: see README.md. Argument problems are reported as the answer to
// `initialize`, where the hub shows them, rather than by exiting before the handshake.
let commandLine = Result { () throws(OptionsError) in
    try SimulatorOptions.parse(Array(CommandLine.arguments.dropFirst()))
}
if case .success(let options) = commandLine, options.showHelp {
    print(SimulatorOptions.usage)
    exit(0)
}
await AdapterRuntime.run(SimulatorAdapter(commandLine: commandLine))
