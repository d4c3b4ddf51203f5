/// How a UCUM code is shown to a person: `mm[Hg]` is "mmHg", `[lb_av]` is "lb". Codes stay UCUM inside the hub and in
/// JSON; only text for people goes through this table.
public enum UnitDisplayName {
    /// Display names of the codes whose UCUM spelling is not what people write.
    static let names: [String: String] = [
        "mm[Hg]": "mmHg",
        "[lb_av]": "lb",
        "[oz_av]": "oz",
        "[foz_us]": "fl oz",
        "[in_i]": "in",
        "[ft_i]": "ft",
        "[mi_i]": "mi",
        "meq/L": "mEq/L",
        "Cel": "°C",
        "[degF]": "°F",
        "{steps}": "steps",
        "{beats}/min": "/min",
    ]

    /// The name people read for `code`; a code without a special name is already readable (`kg`, `mg/dL`, `mmol/L`).
    public static func text(_ code: String) -> String { names[code] ?? code }
}
