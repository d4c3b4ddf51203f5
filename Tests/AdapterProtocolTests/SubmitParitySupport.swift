import Foundation
import Testing

@testable import AdapterProtocol

/// Shared helpers for the fast-path parity tests: the Codable path as an oracle, and a
/// comparable form of what a decoder answered.

/// What a decoder made of a line, in a form that can be compared with `==`.
enum DecodeOutcome: Equatable, CustomStringConvertible {
    case request(RequestID, SubmitMeasurementsRequest)
    case unservableRequest(RequestID, RPCError)
    /// Anything else (another request type, a notification, a response), described.
    case other(String)
    case malformed(ErrorCode)

    init(_ message: IncomingMessage) {
        switch message {
        case .request(let id, let request):
            if let submit = request as? SubmitMeasurementsRequest {
                self = .request(id, submit)
            } else {
                self = .other("request \(id) \(type(of: request))")
            }
        case .unservableRequest(let id, _, let error): self = .unservableRequest(id, error)
        case .notification(let notification): self = .other("notification \(type(of: notification))")
        case .response(let id): self = .other("response \(id)")
        case .errorResponse(let id, let error): self = .other("error response \(String(describing: id)) \(error)")
        case .unservableNotification(let method, let reason):
            self = .other("unservable notification \(method): \(reason)")
        }
    }

    var description: String {
        switch self {
        case .request(let id, let request): "request \(id) \(request)"
        case .unservableRequest(let id, let error): "unservable \(id) \(error.code) \(error.message)"
        case .other(let text): text
        case .malformed(let code): "malformed \(code)"
        }
    }

    /// The bit patterns of every number in the request, so that -0.0 and 0.0 are told apart.
    var numberBits: [UInt64] {
        guard case .request(_, let request) = self else { return [] }
        return request.numberBits
    }
}

extension SubmitMeasurementsRequest {
    /// Every Double in the records, as bit patterns, components in key order.
    var numberBits: [UInt64] {
        records.flatMap { record in
            [record.value?.bitPattern ?? 1]
                + (record.components ?? [:]).sorted { $0.key < $1.key }.map(\.value.bitPattern)
        }
    }
}

enum Oracle {
    static let decoder = MessageDecoder(registry: .hubSide)

    /// The real `MessageDecoder`, fast path first.
    static func messageDecoder(_ line: [UInt8]) -> DecodeOutcome {
        do {
            return DecodeOutcome(try decoder.decode(line))
        } catch {
            return .malformed(error.code)
        }
    }

    /// The fast path alone; nil when it hands the line to the Codable path.
    static func fast(_ line: [UInt8]) -> DecodeOutcome? {
        SubmitFastPath.decode(line).map(DecodeOutcome.init)
    }

    /// The Codable path of the real `MessageDecoder`, reached by writing the method name as
    /// `measurements\/submit`: the same JSON text, which the fast path's byte search for
    /// `"measurements/submit"` does not find.
    static func codable(_ line: [UInt8]) -> DecodeOutcome {
        let slow = slowVariant(of: line)
        if SubmitFastPath.decode(slow) != nil {
            Issue.record("the slow variant of a test line reached the fast path")
        }
        return messageDecoder(slow)
    }

    static func slowVariant(of line: [UInt8]) -> [UInt8] {
        let text = String(decoding: line, as: UTF8.self)
        return Array(text.replacingOccurrences(of: "\"measurements/submit\"", with: "\"measurements\\/submit\"").utf8)
    }

    /// The params decoded by `JSONDecoder` directly, independently of `MessageDecoder`.
    static func jsonDecoder(_ line: [UInt8]) throws -> (RequestID, SubmitMeasurementsRequest) {
        let envelope = try JSONDecoder().decode(SubmitEnvelope.self, from: Data(line))
        return (envelope.id, envelope.params)
    }
}

/// A `measurements/submit` request line decoded and encoded with Codable.
struct SubmitEnvelope: Codable {
    var jsonrpc = "2.0"
    var id: RequestID
    var method = SubmitMeasurementsRequest.method
    var params: SubmitMeasurementsRequest
}

/// A submit line around the given params JSON text.
func submitLine(params: String, id: String = "1") -> [UInt8] {
    Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"measurements/submit","params":\#(params)}"#.utf8)
}

/// A submit line around the given records JSON texts, with a batch device.
func submitLine(records: [String], id: String = "1", extraParams: String = "") -> [UInt8] {
    submitLine(
        params:
            #"{"batchId":"b-1","device":{"deviceId":"dev-1"}\#(extraParams),"records":[\#(records.joined(separator: ","))]}"#,
        id: id
    )
}
