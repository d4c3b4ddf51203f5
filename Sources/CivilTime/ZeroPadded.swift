extension CivilCalendar {
    /// A date or time field in decimal, zero-padded on the left to `width` digits after its sign: `7` → `07`,
    /// `-44` with width 4 → `-0044`. The one padding the hub, the portal and the adapters write dates with.
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
