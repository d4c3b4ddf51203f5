import Testing

@testable import GATTProfiles

/// Glucose Measurement, Context and RACP vectors of research devices.md §1.5 (Nordic tests and worked examples).
struct GlucoseTests {
    @Test func milligramsPerDecilitreFromKilogramsPerLitre() throws {
        let record = try GlucoseMeasurement(bytes: hex("02 01 00 E8 07 03 0F 07 2A 0A 5F B0 11"))
        #expect(record.sequenceNumber == 1)
        #expect(record.effectiveTime.description == "2024-03-15T07:42:10")
        #expect(record.concentrationInClinicalUnit?.value == 95)
        #expect(record.concentrationInClinicalUnit?.ucum == "mg/dL")
        #expect(record.sampleType == 1 && record.sampleLocation == 1)
        #expect(!record.contextFollows)
    }

    @Test func millimolesWithOffsetAndStatus() throws {
        let record = try GlucoseMeasurement(bytes: hex("0F 02 00 E8 07 03 0F 0C 05 00 FB FF 35 C0 11 01 00"))
        #expect(record.sequenceNumber == 2)
        #expect(record.baseTime.description == "2024-03-15T12:05:00")
        #expect(record.timeOffsetMinutes == -5)
        #expect(record.effectiveTime.description == "2024-03-15T12:00:00")
        #expect(isClose(record.concentrationInClinicalUnit?.value, 5.3, tolerance: 1e-12))
        #expect(record.concentrationInClinicalUnit?.ucum == "mmol/L")
        #expect(record.sensorStatus == .batteryLow)
    }

    @Test func contextFollowsFlag() throws {
        let record = try GlucoseMeasurement(bytes: hex("12 03 00 E8 07 03 0F 13 00 00 8E B0 12"))
        #expect(record.sequenceNumber == 3)
        #expect(record.concentrationInClinicalUnit?.value == 142)
        #expect(record.sampleType == 2 && record.sampleLocation == 1)
        #expect(record.contextFollows)
    }

    @Test func nordicVector() throws {
        let record = try GlucoseMeasurement(bytes: hex("1B 01 00 E3 07 02 1B 0B 0A 1E FB FF 1E 00 12 05 01"))
        #expect(record.sequenceNumber == 1)
        #expect(record.baseTime.description == "2019-02-27T11:10:30")
        #expect(record.timeOffsetMinutes == -5)
        #expect(record.concentration?.value == 30)  // 30 kg/L: synthetic (Nordic's test), decoded as sent
        #expect(record.sampleType == 2 && record.sampleLocation == 1)
        #expect(record.sensorStatus?.rawValue == 0x0105)
        #expect(record.contextFollows)
    }

    @Test func context() throws {
        let context = try GlucoseMeasurementContext(bytes: hex("02 03 00 01"))
        #expect(context.sequenceNumber == 3)
        #expect(context.meal == .preprandial)
        #expect(context.meal?.mealRelation == "before_meal")
    }

    @Test(arguments: [
        "02 01 00 E8 07 03 0F 07 2A 0A 5F B0", "02 01", "0F 02 00 E8 07 03 0F 0C 05 00 FB FF 35 C0 11 01",
    ])
    func truncatedThrows(bytes: String) {
        #expect(throws: GATTDecodingError.self) { try GlucoseMeasurement(bytes: hex(bytes)) }
    }

    @Test func racpRequests() {
        #expect(RecordAccessControlPoint.reportAll == hex("01 01"))
        #expect(RecordAccessControlPoint.reportRecords(from: 16) == hex("01 03 01 10 00"))
        #expect(RecordAccessControlPoint.abort == hex("03 00"))
    }

    @Test(arguments: [("05 00 01", 1), ("05 00 02 01", 258), ("05 00 04 03 02 01", 16_909_060), ("05 00 2A 00", 42)])
    func racpCounts(bytes: String, count: Int) throws {
        #expect(try RecordAccessControlPoint.Response(bytes: hex(bytes)) == .numberOfRecords(count))
    }

    @Test func racpResponseCodes() throws {
        #expect(
            try RecordAccessControlPoint.Response(bytes: hex("06 00 01 01"))
                == .response(requestOpCode: 1, code: .success, rawCode: 1)
        )
        #expect(
            try RecordAccessControlPoint.Response(bytes: hex("06 00 0C 02"))
                == .response(requestOpCode: 12, code: .opCodeNotSupported, rawCode: 2)
        )
        for raw in UInt8(1)...9 {
            let response = try RecordAccessControlPoint.Response(bytes: [6, 0, 1, raw])
            guard case .response(_, let code, _) = response else {
                Issue.record("not a response")
                continue
            }
            #expect(code?.rawValue == raw)
            #expect(code?.explanation.isEmpty == false)
        }
        #expect(
            try RecordAccessControlPoint.Response(bytes: hex("06 00 01 0A"))
                == .response(requestOpCode: 1, code: nil, rawCode: 10)
        )
        #expect(throws: GATTDecodingError.self) { try RecordAccessControlPoint.Response(bytes: hex("05 00 01 02 03")) }
        #expect(throws: GATTDecodingError.self) { try RecordAccessControlPoint.Response(bytes: hex("01 01")) }
    }

    @Test func userControlPoint() throws {
        #expect(UserControlPoint.consent(userIndex: 1, consentCode: 0x04D2) == hex("02 01 D2 04"))
        #expect(UserControlPoint.registerNewUser(consentCode: 0x04D2) == hex("01 D2 04"))
        let registered = try UserControlPoint.Response(bytes: hex("20 01 01 03"))
        #expect(registered.result == .success && registered.registeredUserIndex == 3)
        let refused = try UserControlPoint.Response(bytes: hex("20 02 05"))
        #expect(refused.result == .userNotAuthorized)
    }
}
