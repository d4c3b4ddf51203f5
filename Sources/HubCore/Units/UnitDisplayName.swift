/// How a UCUM unit code is written for people (issue 17, item 8): text output shows "mmHg", "lb" and "µg" while
/// stored values and JSON keep the UCUM code ("mm[Hg]", "[lb_av]", "ug"). Codes without a special name are
/// already readable ("mg", "mmol/L", "kg").
public enum UnitDisplayName {
    /// The display name of a UCUM code.
    public static func text(_ ucum: String) -> String {
        switch ucum {
        case "mm[Hg]": "mmHg"
        case "[lb_av]": "lb"
        case "[oz_av]": "oz"
        case "[foz_us]": "fl oz"
        case "[cup_us]": "cup"
        case "ug": "µg"
        case "Cel": "°C"
        case "mL/min/{1.73_m2}": "mL/min/1.73 m²"
        default: ucum
        }
    }
}
