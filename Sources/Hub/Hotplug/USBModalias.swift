import AdapterProtocol

/// Matching USB devices to adapters the way Linux matches drivers (architecture.md §1.6): a
/// device has a modalias `usb:vVVVVpPPPP` (upper-case hex, as in `modules.alias`), a manifest's
/// USB matcher becomes a glob `usb:vVVVVpPPPP*` (or `usb:vVVVVp*` without a product id), and the
/// most specific matching pattern wins, as Home Assistant keeps only the matchers with most keys
/// (architecture.md §1.5).
public enum USBModalias {
    /// The modalias of a device (the vendor/product part; we match nothing finer).
    public static func alias(vendorId: String, productId: String) -> String {
        "usb:v\(vendorId.uppercased())p\(productId.uppercased())"
    }

    /// The glob a manifest matcher stands for.
    public static func pattern(_ match: AdapterManifest.USBMatch) -> String {
        "usb:v\(match.vendorId.uppercased())p" + (match.productId.map { $0.uppercased() + "*" } ?? "*")
    }

    /// Whether `alias` matches the glob `pattern` (`*` any run, `?` one character).
    public static func matches(_ alias: String, pattern: String) -> Bool {
        let text = Array(alias)
        let glob = Array(pattern)
        var (t, g, starG, starT) = (0, 0, -1, 0)
        while t < text.count {
            if g < glob.count, glob[g] == "?" || glob[g] == text[t] {
                t += 1
                g += 1
            } else if g < glob.count, glob[g] == "*" {
                starG = g
                starT = t
                g += 1
            } else if starG >= 0 {
                g = starG + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while g < glob.count, glob[g] == "*" { g += 1 }
        return g == glob.count
    }

    /// The adapter whose manifest matches `arrival` most specifically (more literal characters
    /// win; a tie goes to the earlier adapter on the search path); nil when none does.
    public static func adapter(for arrival: USBArrival, among adapters: [InstalledAdapter]) -> InstalledAdapter? {
        let alias = alias(vendorId: arrival.vendorId, productId: arrival.productId)
        var best: (adapter: InstalledAdapter, specificity: Int)?
        for adapter in adapters {
            for match in adapter.manifest.matches?.usb ?? [] {
                let glob = pattern(match)
                guard matches(alias, pattern: glob) else { continue }
                let specificity = glob.filter { $0 != "*" && $0 != "?" }.count
                if specificity > best?.specificity ?? -1 { best = (adapter, specificity) }
            }
        }
        return best?.adapter
    }
}
