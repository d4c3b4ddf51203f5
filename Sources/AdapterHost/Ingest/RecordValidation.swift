import AdapterProtocol
import HubCore
import HubRecords
import HubStore

/// Turns a submitted batch into normalized records, or the §5.4 list of what is wrong with it.
///
/// Pure, so that the rules of adapter-protocol.md §5.2–§5.4 are tested without a process or a
/// database.
enum RecordValidation {
    /// The batch's records ready to store, or every invalid record with its field and reason.
    static func validate(_ request: SubmitMeasurementsRequest, adapterId: String) -> Result<IngestBatch, RPCError> {
        guard !request.batchId.isEmpty else {
            return .failure(RPCError(.invalidParams, "Invalid params: params.batchId is empty"))
        }
        // Checked before anything is stored: an id with a NUL in it was cut short by the store, so two devices
        // became one and the second one's readings were dropped as duplicates.
        if let problem = IdentifierRules.problem(with: adapterId, field: "adapterId") {
            return .failure(RPCError(.invalidParams, "Invalid params: \(problem)"))
        }
        if let device = request.device,
            let problem = IdentifierRules.problem(with: device.deviceId, field: "params.device.deviceId")
        {
            return .failure(RPCError(.invalidParams, "Invalid params: \(problem)"))
        }
        var records: [IngestRecord] = []
        records.reserveCapacity(request.records.count)
        var invalid: [InvalidRecord] = []
        let batchDevice = request.device.map { HubRecords.DeviceIdentity($0, adapterId: adapterId) }
        for (index, record) in request.records.enumerated() {
            if let own = record.device,
                let problem = IdentifierRules.problem(with: own.deviceId, field: "device.deviceId")
            {
                invalid.append(
                    InvalidRecord(
                        index: index,
                        sourceRecordId: record.sourceRecordId,
                        field: "device.deviceId",
                        reason: problem
                    )
                )
                continue
            }
            let device = record.device.map { HubRecords.DeviceIdentity($0, adapterId: adapterId) }
            guard device != nil || batchDevice != nil else {
                invalid.append(
                    InvalidRecord(
                        index: index,
                        sourceRecordId: record.sourceRecordId,
                        field: "device",
                        reason: "no device: give the batch a device or the record its own"
                    )
                )
                continue
            }
            switch MeasurementNormalizer.normalize(RawMeasurement(record)) {
            case .success(let measurement):
                records.append(IngestRecord(measurement, device: device))
            case .failure(let error):
                invalid.append(
                    InvalidRecord(
                        index: index,
                        sourceRecordId: record.sourceRecordId,
                        field: error.field,
                        reason: error.reason
                    )
                )
            }
        }
        if !invalid.isEmpty { return .failure(.invalidRecords(invalid)) }
        guard let defaultDevice = batchDevice ?? records.first?.device else {
            return .failure(
                RPCError(
                    .invalidParams,
                    "Invalid params: params.device is missing, and a batch without records needs it"
                )
            )
        }
        return .success(IngestBatch(device: defaultDevice, records: records, cursor: request.cursor))
    }
}

extension HubRecords.DeviceIdentity {
    /// The store's identity of a device an adapter named on the wire.
    init(_ wire: AdapterProtocol.DeviceIdentity, adapterId: String) {
        self.init(
            adapterId: adapterId,
            deviceId: wire.deviceId,
            manufacturer: wire.manufacturer,
            model: wire.model,
            serial: wire.serial
        )
    }
}

extension RawMeasurement {
    /// The wire record's fields, exactly as sent.
    init(_ record: MeasurementRecord) {
        self.init(
            sourceRecordId: record.sourceRecordId,
            kind: record.kind,
            value: record.value,
            components: record.components,
            unit: record.unit,
            effectiveTime: record.effectiveTime,
            effectivePeriod: record.effectivePeriod.map { RawPeriod(start: $0.start, end: $0.end) },
            context: record.context.map {
                RawMeasurementContext(
                    mealRelation: $0.mealRelation,
                    bodyPosition: $0.bodyPosition,
                    dialysisPhase: $0.dialysisPhase,
                    sampleSite: $0.sampleSite,
                    measurementStatus: $0.measurementStatus,
                    userIndex: $0.userIndex
                )
            },
            malformedFields: record.malformedFields,
            unrepresentableFields: record.unrepresentableNumbers
        )
    }
}
