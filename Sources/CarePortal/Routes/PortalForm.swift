import Foundation
import Hummingbird
import NIOCore

/// An `application/x-www-form-urlencoded` body, as the portal's forms post it (at most 8 KiB).
struct PortalForm {
    static let maximumBytes = 8 * 1024
    let fields: [String: String]

    init(_ request: Request) async throws {
        let buffer = try await request.body.collect(upTo: Self.maximumBytes)
        var fields: [String: String] = [:]
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            guard let name = parts.first else { continue }
            fields[decode(name)] = parts.count > 1 ? decode(parts[1]) : ""
        }
        self.fields = fields
    }

    subscript(_ name: String) -> String { fields[name] ?? "" }
}
