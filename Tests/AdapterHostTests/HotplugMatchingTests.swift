import AdapterHost
import AdapterProtocol
import Foundation
import TestSupport
import Testing

/// USB devices to adapters by modalias pattern, and the scripted hotplug source.
struct HotplugMatchingTests {
    static func adapter(_ id: String, _ matches: [AdapterManifest.USBMatch]) -> InstalledAdapter {
        InstalledAdapter(
            manifest: AdapterManifest(
                id: id,
                name: id,
                version: "1",
                executable: "x",
                protocolVersions: ["1.0"],
                kinds: [],
                matches: AdapterManifest.Matches(usb: matches)
            ),
            manifestPath: "/a/\(id)/adapter.json",
            executablePath: "/a/\(id)/x"
        )
    }

    @Test func aliasesAndPatternsFollowModulesAlias() {
        #expect(USBModalias.alias(vendorId: "1a61", productId: "3850") == "usb:v1A61p3850")
        #expect(USBModalias.pattern(AdapterManifest.USBMatch(vendorId: "1a61", productId: "3850")) == "usb:v1A61p3850*")
        #expect(USBModalias.pattern(AdapterManifest.USBMatch(vendorId: "1a61")) == "usb:v1A61p*")
        #expect(Glob.matches("usb:v1A61p*", "usb:v1A61p3850"))
        #expect(Glob.matches("usb:v1A61p38?0*", "usb:v1A61p3850"))
        #expect(!Glob.matches("usb:v1A61p*", "usb:v1A79p6002"))
        #expect(!Glob.matches("usb:v1A61p3650*", "usb:v1A61p3850"))
    }

    @Test func theMostSpecificMatcherWinsAndAnUnknownDeviceMatchesNothing() {
        let vendorWide = Self.adapter("abbott-any", [AdapterManifest.USBMatch(vendorId: "1a61")])
        let exact = Self.adapter("usb-glucometer", [AdapterManifest.USBMatch(vendorId: "1a61", productId: "3850")])
        let neo = USBArrival(vendorId: "1A61", productId: "3850")
        #expect(USBModalias.adapter(for: neo, among: [vendorWide, exact])?.id == "usb-glucometer")
        #expect(
            USBModalias.adapter(for: USBArrival(vendorId: "1a61", productId: "3650"), among: [vendorWide, exact])?.id
                == "abbott-any"
        )
        #expect(
            USBModalias.adapter(for: USBArrival(vendorId: "0bda", productId: "5411"), among: [vendorWide, exact]) == nil
        )
    }

    @Test func theScriptIsFollowedAsItGrowsAndABadLineIsSkipped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(
            #"{"event":"arrived","vendorId":"1a61","productId":"3850","bus":1,"port":"1-1"}"# + "\n",
            to: "script"
        )
        let source = ScriptedHotplugSource(path: path)
        var events = source.events.makeAsyncIterator()
        #expect(await events.next() == .arrived(USBArrival(vendorId: "1a61", productId: "3850", bus: 1, port: "1-1")))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                "{\"event\":\"exploded\"}\nnot json\n{\"event\":\"left\",\"bus\":1,\"port\":\"1-1\"}\n".utf8
            )
        )
        try handle.close()
        #expect(await events.next() == .left(USBArrival(vendorId: "1a61", productId: "3850", bus: 1, port: "1-1").key))
        source.stop()
        #expect(await events.next() == nil)
    }
}
