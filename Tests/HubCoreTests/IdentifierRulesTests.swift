import HubCore
import Testing

/// Identifiers an adapter gives (device, adapter and record ids): not empty, no control characters, at most 256
/// characters; a refusal names the field and the accepted form (issue 21).
struct IdentifierRulesTests {
    @Test(
        arguments: [
            ("sim-scale-1", nil),
            (String(repeating: "d", count: 256), nil),
            // 256 characters of two bytes each are 256 characters, within the limit.
            (String(repeating: "é", count: 256), nil),
            ("", "device.deviceId is empty"),
            ("dev\u{0}one", "device.deviceId contains the control character U+0000"),
            (
                String(repeating: "d", count: 257),
                "device.deviceId has 257 characters (identifiers are 1–256 characters)"
            ),
            (String(repeating: "x", count: 1_000_000), "device.deviceId has 1000000 characters"),
        ] as [(String, String?)]
    )
    func refusesNamingTheField(value: String, problem: String?) {
        let found = IdentifierRules.problem(with: value, field: "device.deviceId")
        if let problem {
            #expect(found?.hasPrefix(problem) == true, "\(found ?? "accepted")")
        } else {
            #expect(found == nil)
        }
    }
}
