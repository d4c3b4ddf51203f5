import CareServerStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension CareAPI {
    /// `POST /api/v1/sync` (device token): stores a hub's transaction Bundle, each resource once, in one transaction,
    /// and answers the transaction-response (200). A repeated push stores nothing and answers the same locations.
    func sync(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let device = try await authenticator.device(request)
        let fields = try await RequestFields.read(request, context: context, limit: SyncBundle.maximumBytes)
        let bundle = try SyncBundle(fields, patientID: device.patientID)
        let address = context.clientAddress
        let stored = try await store.storeReadings(patientID: device.patientID, bundle.readings) { _ in
            AuditEvent(
                clinicID: device.clinicID,
                actorID: device.patientID,
                actorRole: .patient,
                action: "create",
                resource: "reading",
                patientID: device.patientID,
                // The device token that pushed; how many were new is in the transaction-response, not the log.
                resourceID: device.deviceTokenID,
                address: address
            )
        }
        let body = try JSONResponse.encoder.encode(TransactionResponse(stored))
        return Response(
            status: .ok,
            headers: [.contentType: "application/fhir+json"],
            body: .init(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}
