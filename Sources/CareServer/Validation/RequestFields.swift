import Foundation
import Hummingbird
import NIOCore

/// A request body read into fields by its content type: JSON, a URL-encoded form or a multipart form. Anything else
/// is refused with 415; a body over the limit with 413; malformed JSON with 400.
enum RequestFields {
    static func read(_ request: Request, context: CareRequestContext, limit: Int? = nil) async throws
        -> [String: JSONValue]
    {
        let limit = limit ?? context.maxUploadSize
        let buffer: [UInt8]
        do {
            var collected = try await request.body.collect(upTo: limit)
            buffer = collected.readBytes(length: collected.readableBytes) ?? []
        } catch {
            throw APIError.bodyTooLarge(limit: limit)
        }
        let contentType = request.headers[.contentType] ?? ""
        let mediaType =
            contentType.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        switch mediaType {
        case "application/json",
            _ where mediaType.hasSuffix("+json"):
            let value: JSONValue
            do {
                value = try JSONDecoder().decode(JSONValue.self, from: Data(buffer))
            } catch {
                throw APIError.malformed("JSON parse error - the body is not valid JSON.")
            }
            guard case .object(let fields) = value else {
                throw APIError.invalid(
                    ["non_field_errors": .messages(["Invalid data. Expected a dictionary, but got \(value.typeName)."])]
                )
            }
            return fields
        case "application/x-www-form-urlencoded":
            return FormBody.urlEncoded(buffer)
        case "multipart/form-data":
            guard let boundary = parameter("boundary", of: contentType),
                let fields = FormBody.multipart(buffer, boundary: boundary)
            else { throw APIError.malformed("Multipart form parse error - the body is not a well-formed form.") }
            return fields
        case "" where buffer.isEmpty:
            return [:]
        default:
            throw APIError.unsupportedMediaType(mediaType)
        }
    }

    private static func parameter(_ name: String, of header: String) -> String? {
        for part in header.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}
