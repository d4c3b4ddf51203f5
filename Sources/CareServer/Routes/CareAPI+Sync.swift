import CareServerStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension CareAPI {
    /// `POST /api/v1/sync` (device token): stores a hub's transaction Bundle (readings, labs, intake totals, doses),
    /// each resource once, in one transaction,
    /// and answers the transaction-response (200). A repeated push stores nothing and answers the same locations.
    func sync(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let device = try await authenticator.device(request)
        let fields = try await Self.bundleFields(request)
        let bundle = try SyncBundle(fields, patientID: device.patientID)
        let address = context.clientAddress
        let stored = try await store.storeSync(
            patientID: device.patientID,
            readings: bundle.readings,
            administrations: bundle.administrations
        ) { _ in
            AuditEvent(
                clinicID: device.clinicID,
                actorID: device.patientID,
                actorRole: .patient,
                action: "create",
                resource: bundle.administrations.isEmpty ? "reading" : "reading, medication_administration",
                patientID: device.patientID,
                // The device token that pushed; how many were new is in the transaction-response, not the log.
                resourceID: device.deviceTokenID,
                address: address
            )
        }
        let body = TransactionResponse.body(
            bundle.order.map {
                switch $0 {
                case .reading(let index): stored.readings[index]
                case .administration(let index): stored.administrations[index]
                }
            }
        )
        return Response(
            status: .ok,
            headers: [.contentType: "application/fhir+json"],
            body: .init(byteBuffer: body)
        )
    }

    /// The body's top level, read by the sync's own JSON reader (`SyncJSON`; the other routes' reader is far slower
    /// on a Bundle of a thousand resources); the same refusals as every route: too large (413), not JSON (415), not
    /// well-formed (400), not an object (400).
    static func bundleFields(_ request: Request) async throws -> [String: JSONValue] {
        var collected: ByteBuffer
        do {
            collected = try await request.body.collect(upTo: SyncBundle.maximumBytes)
        } catch {
            throw APIError.bodyTooLarge(limit: SyncBundle.maximumBytes)
        }
        let mediaType =
            (request.headers[.contentType] ?? "").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        guard mediaType == "application/json" || mediaType.hasSuffix("+json") else {
            throw APIError.unsupportedMediaType(mediaType)
        }
        let value: JSONValue
        do {
            value = try SyncJSON.parse(collected.readBytes(length: collected.readableBytes) ?? [])
        } catch {
            throw APIError.malformed("JSON parse error - the body is not valid JSON (at byte \(error.offset)).")
        }
        guard case .object(let fields) = value else {
            throw APIError.invalid(
                ["non_field_errors": .messages(["Invalid data. Expected a dictionary, but got \(value.typeName)."])]
            )
        }
        return fields
    }
}
