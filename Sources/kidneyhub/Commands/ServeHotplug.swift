import AdapterHost
import ArgumentParser
import LibUSBHotplug
import Logging

/// Where `kidneyhub serve` hears of plugged-in USB devices (`--hotplug`).
enum HotplugChoice: ExpressibleByArgument, Equatable {
    /// libusb hotplug callbacks (the default).
    case libusb
    /// No hotplug.
    case off
    /// A script file of events, followed as it grows (tests, demos without hardware).
    case script(String)

    init?(argument: String) {
        switch argument {
        case "libusb": self = .libusb
        case "off": self = .off
        case _ where argument.hasPrefix("script:") && argument.count > 7: self = .script(String(argument.dropFirst(7)))
        default: return nil
        }
    }

    var defaultValueDescription: String { "libusb" }

    /// The source, or nil when off or libusb cannot watch this machine (logged, the hub serves on).
    func source(logger: Logger) -> (any HotplugSource)? {
        switch self {
        case .off: return nil
        case .script(let path): return ScriptedHotplugSource(path: path)
        case .libusb:
            do {
                return try LibUSBHotplugSource()
            } catch {
                logger.warning("USB hotplug is off: \(error)")
                return nil
            }
        }
    }
}
