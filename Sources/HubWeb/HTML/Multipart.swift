/// One file of a `multipart/form-data` body.
struct UploadedFile: Equatable {
    var field: String
    var fileName: String
    var contentType: String
    var bytes: [UInt8]
}

/// Reads the file parts of a `multipart/form-data` body (RFC 7578); other parts are skipped.
enum Multipart {
    /// The boundary of a `multipart/form-data; boundary=…` content type.
    static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \"") }
            if pair.count == 2, pair[0].lowercased() == "boundary", !pair[1].isEmpty { return pair[1] }
        }
        return nil
    }

    /// The files in `body`.
    static func files(in body: [UInt8], boundary: String) -> [UploadedFile] {
        let delimiter = Array("--\(boundary)".utf8)
        var files: [UploadedFile] = []
        var starts = ranges(of: delimiter, in: body)
        starts.append(body.endIndex)
        for (start, end) in zip(starts, starts.dropFirst()) {
            var part = Array(body[(start + delimiter.count)..<min(end, body.endIndex)])
            guard part.starts(with: Array("\r\n".utf8)) else { continue }
            part.removeFirst(2)
            guard let split = ranges(of: Array("\r\n\r\n".utf8), in: part).first else { continue }
            let head = String(decoding: part[..<split], as: UTF8.self)
            var content = Array(part[(split + 4)...])
            if content.suffix(2) == Array("\r\n".utf8) { content.removeLast(2) }
            var field: String?
            var fileName: String?
            var type = "application/octet-stream"
            for line in head.split(separator: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    field = value(named: "name", in: String(line))
                    fileName = value(named: "filename", in: String(line))
                } else if lower.hasPrefix("content-type:") {
                    type = line.dropFirst("content-type:".count).trimmingCharacters(in: " ")
                }
            }
            if let field, let fileName {
                files.append(UploadedFile(field: field, fileName: fileName, contentType: type, bytes: content))
            }
        }
        return files
    }

    private static func value(named name: String, in line: String) -> String? {
        for piece in line.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: " ").lowercased() == name {
                return pair[1].trimmingCharacters(in: " \"")
            }
        }
        return nil
    }

    private static func ranges(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}

extension Substring {
    /// Without the given characters at either end.
    func trimmingCharacters(in characters: String) -> String {
        var text = self
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return String(text)
    }
}
