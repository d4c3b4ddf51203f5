import HubCore
import Testing

/// Text output names units as people write them; stored values and JSON keep the UCUM code (issue 17, item 8).
struct UnitDisplayNameTests {
    @Test(arguments: [
        ("mm[Hg]", "mmHg"), ("[lb_av]", "lb"), ("[oz_av]", "oz"), ("[foz_us]", "fl oz"), ("[cup_us]", "cup"),
        ("ug", "µg"), ("Cel", "°C"), ("mL/min/{1.73_m2}", "mL/min/1.73 m²"), ("mg", "mg"), ("mmol/L", "mmol/L"),
        ("meq/L", "mEq/L"), ("mg/dL", "mg/dL"),
    ])
    func displayName(ucum: String, shown: String) {
        #expect(UnitDisplayName.text(ucum) == shown)
        // Typed the way people write it, a unit reads back as the code the hub keeps.
        #expect(UnitDisplayName.code(shown) == ucum)
    }
}
