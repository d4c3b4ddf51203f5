import Foundation
import Testing

/// The shipped udev rules grant permissions for exactly the devices the adapter's manifest
/// matches, and start nothing.
struct UdevRulesTests {
    static let pluginDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins/usb-glucometer")

    @Test func rulesCoverTheManifestsDevicesAndOnlyGrantPermissions() throws {
        let rules = try String(
            contentsOf: Self.pluginDirectory.appendingPathComponent("udev/69-kidneyhub-glucometers.rules"),
            encoding: .utf8
        )
        let lines = rules.split(separator: "\n").filter {
            !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        #expect(!lines.isEmpty)
        #expect(
            lines.allSatisfy { !$0.contains("RUN") && !$0.contains("SYSTEMD_WANTS") && $0.contains("MODE=\"0660\"") }
        )
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.pluginDirectory.appendingPathComponent("adapter.json"))
            ) as? [String: Any]
        let usb = ((manifest?["matches"] as? [String: Any])?["usb"] as? [[String: String]]) ?? []
        #expect(usb.count == 3)
        for match in usb {
            let ids =
                "ATTRS{idVendor}==\"\(match["vendorId"] ?? "")\", ATTRS{idProduct}==\"\(match["productId"] ?? "")\""
            #expect(lines.filter { $0.contains(ids) }.count == 2, "usb and hidraw rules for \(ids)")
        }
        #expect(lines.count == 2 * usb.count)
    }
}
