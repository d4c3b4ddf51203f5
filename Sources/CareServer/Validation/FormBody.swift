import Foundation

/// Form bodies as the clinician portal posts them (`application/x-www-form-urlencoded` and `multipart/form-data`),
/// read into the same field values as a JSON object. Every value is text; the field readers convert it.
enum FormBody {
    /// `a=1&b=two+words` into fields; the last value of a repeated name wins, as in Django's QueryDict.
    static func urlEncoded(_ bytes: [UInt8]) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecoded(parts[0]), !name.isEmpty else { continue }
            let value = parts.count > 1 ? percentDecoded(parts[1]) ?? "" : ""
            fields[name] = .string(value)
        }
        return fields
    }

    /// The text fields of a multipart body with `boundary`; nil when the body is not well formed. Files are refused
    /// by the caller's field check (no field here takes one).
    static func multipart(_ bytes: [UInt8], boundary: String) -> [String: JSONValue]? {
        let delimiter = Array("--\(boundary)".utf8)
        var fields: [String: JSONValue] = [:]
        var starts: [Int] = []
        var index = 0
        while let found = firstIndex(of: delimiter, in: bytes, from: index) {
            starts.append(found)
            index = found + delimiter.count
        }
        guard starts.count >= 2 else { return nil }
        for (start, end) in zip(starts, starts.dropFirst()) {
            var partStart = start + delimiter.count
            // Each part begins after the delimiter's CRLF and ends before the next delimiter's CRLF.
            guard partStart + 2 <= end, bytes[partStart] == 13, bytes[partStart + 1] == 10 else { return nil }
            partStart += 2
            let partEnd = end >= 2 && bytes[end - 2] == 13 && bytes[end - 1] == 10 ? end - 2 : end
            guard let headerEnd = firstIndex(of: [13, 10, 13, 10], in: bytes, from: partStart), headerEnd <= partEnd
            else { return nil }
            let headers = String(decoding: bytes[partStart..<headerEnd], as: UTF8.self)
            guard let name = dispositionName(headers) else { return nil }
            fields[name] = .string(
                String(decoding: bytes[(headerEnd + 4)..<max(headerEnd + 4, partEnd)], as: UTF8.self)
            )
        }
        return fields
    }

    /// The `name="…"` of a part's Content-Disposition header.
    private static func dispositionName(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            guard let range = line.range(of: "name=\"") else { return nil }
            let rest = line[range.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<close])
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
                else { return nil }
                out.append(high << 4 | low)
                i += 2
            } else {
                out.append(byte)
            }
            i += 1
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
