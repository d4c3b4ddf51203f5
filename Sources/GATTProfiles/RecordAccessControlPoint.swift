/// Record Access Control Point 0x2A52 (`org.bluetooth.characteristic.record_access_control_point.xml`; research
/// devices.md §1.5): the requests a collector writes and the responses the sensor indicates.
public enum RecordAccessControlPoint {
    public static let characteristic = "Record Access Control Point 0x2A52"

    /// Op codes.
    public enum OpCode: UInt8, Sendable {
        case reportStoredRecords = 0x01, deleteStoredRecords = 0x02, abortOperation = 0x03
        case reportNumberOfStoredRecords = 0x04, numberOfStoredRecordsResponse = 0x05, responseCode = 0x06
    }

    /// Response codes (op code 0x06), every one the XML defines.
    public enum ResponseCode: UInt8, Sendable, Hashable {
        case success = 1, opCodeNotSupported, invalidOperator, operatorNotSupported, invalidOperand
        case noRecordsFound, abortUnsuccessful, procedureNotCompleted, operandNotSupported

        public var explanation: String {
            switch self {
            case .success: "success"
            case .opCodeNotSupported: "op code not supported"
            case .invalidOperator: "invalid operator"
            case .operatorNotSupported: "operator not supported"
            case .invalidOperand: "invalid operand"
            case .noRecordsFound: "no records found"
            case .abortUnsuccessful: "abort unsuccessful"
            case .procedureNotCompleted: "procedure not completed"
            case .operandNotSupported: "operand not supported"
            }
        }
    }

    /// Report every stored record: `01 01`.
    public static let reportAll: [UInt8] = [0x01, 0x01]
    /// Abort: `03 00`.
    public static let abort: [UInt8] = [0x03, 0x00]

    /// Report records with sequence number ≥ `first`: `01 03 01 <u16>` (operator 3 "greater than or equal",
    /// filter type 1 "sequence number").
    public static func reportRecords(from first: UInt16) -> [UInt8] {
        [0x01, 0x03, 0x01, UInt8(first & 0xFF), UInt8(first >> 8)]
    }

    /// An indication from the sensor.
    public enum Response: Sendable, Hashable {
        /// Op 0x05: the number of records (u8, u16 or u32 operand accepted, as Nordic's parser does).
        case numberOfRecords(Int)
        /// Op 0x06: the request's op code and the response code; `unknownCode` carries a code outside the XML.
        case response(requestOpCode: UInt8, code: ResponseCode?, rawCode: UInt8)

        public init(bytes: [UInt8]) throws(GATTDecodingError) {
            var reader = ByteReader(bytes, characteristic: RecordAccessControlPoint.characteristic)
            let opCode = try reader.uint8("Op Code")
            _ = try reader.uint8("Operator")
            switch opCode {
            case OpCode.numberOfStoredRecordsResponse.rawValue:
                switch reader.remaining {
                case 1: self = .numberOfRecords(Int(try reader.uint8("Number of Records")))
                case 2: self = .numberOfRecords(Int(try reader.uint16("Number of Records")))
                case 4: self = .numberOfRecords(Int(try reader.uint32("Number of Records")))
                default:
                    throw reader.failure("Number of Records: operand of \(reader.remaining) bytes (expected 1, 2 or 4)")
                }
            case OpCode.responseCode.rawValue:
                let request = try reader.uint8("Request Op Code")
                let raw = try reader.uint8("Response Code Value")
                self = .response(requestOpCode: request, code: ResponseCode(rawValue: raw), rawCode: raw)
            default:
                throw reader.failure("op code 0x\(String(opCode, radix: 16)) is not a response (expected 0x05 or 0x06)")
            }
        }
    }
}
