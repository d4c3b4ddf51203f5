/// How a UCUM unit code is written for people (issue 17, item 8): text output shows "mmHg", "lb" and "µg" while
/// stored values and JSON keep the UCUM code ("mm[Hg]", "[lb_av]", "ug"). Codes without a special name are already
/// readable ("mg", "mmol/L", "kg").
public enum UnitDisplayName {
    /// Display names of the codes whose UCUM spelling is not what people write.
    static let names: [String: String] = [
        "mm[Hg]": "mmHg",
        "[lb_av]": "lb",
        "[oz_av]": "oz",
        "[foz_us]": "fl oz",
        "[cup_us]": "cup",
        "[in_i]": "in",
        "[ft_i]": "ft",
        "[mi_i]": "mi",
        "ug": "µg",
        "meq/L": "mEq/L",
        "Cel": "°C",
        "[degF]": "°F",
        "{steps}": "steps",
        "{beats}/min": "/min",
        "mL/min/{1.73_m2}": "mL/min/1.73 m²",
    ]

    /// The name people read for `code`; a code without a special name is already readable (`kg`, `mg/dL`, `mmol/L`).
    public static func text(_ code: String) -> String { names[code] ?? code }

    /// The UCUM code of a unit a person typed by its display name (`lb` is `[lb_av]`); anything else as given.
    public static func code(_ typed: String) -> String { codes[typed] ?? typed }

    /// The table read the other way.
    static let codes = Dictionary(uniqueKeysWithValues: names.map { ($1, $0) })
}
