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

    /// The adapter whose manifest matches `arrival` most specifically (more literal characters
    /// win; a tie goes to the earlier adapter on the search path); nil when none does.
    public static func adapter(for arrival: USBArrival, among adapters: [InstalledAdapter]) -> InstalledAdapter? {
        let alias = alias(vendorId: arrival.vendorId, productId: arrival.productId)
        var best: (adapter: InstalledAdapter, specificity: Int)?
        for adapter in adapters {
            for match in adapter.manifest.matches?.usb ?? [] {
                let glob = pattern(match)
                guard Glob.matches(glob, alias) else { continue }
                let specificity = glob.filter { $0 != "*" && $0 != "?" }.count
                if specificity > best?.specificity ?? -1 { best = (adapter, specificity) }
            }
        }
        return best?.adapter
    }
}
