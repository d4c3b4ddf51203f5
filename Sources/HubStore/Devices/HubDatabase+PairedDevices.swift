import GRDB
import HubRecords

extension HubDatabase {
    /// Remembers a device the user paired, before it sent any reading, so `kidneyhub serve` syncs it and
    /// `devices list` shows it (issue 5). Pairing again only updates what the adapter told us.
    public func rememberPairedDevice(_ device: DeviceIdentity, atMs: Int64) async throws {
        try await pool.write { db in
            _ = try Int64.fetchOne(
                db,
                sql: BatchWriter.upsertDeviceSQL,
                arguments: [
                    device.adapterId, device.deviceId, device.manufacturer, device.model, device.serial, atMs, atMs,
                ]
            )
        }
    }
}
