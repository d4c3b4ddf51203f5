/// User Control Point 0x2A9F of the User Data Service 0x181C (`org.bluetooth.characteristic.user_control_point.xml`;
/// openScale `StandardWeightProfileHandler.kt`; research devices.md §1.2): a scale attributes readings to a user only
/// after the collector registered that user or gave the user's consent code.
public enum UserControlPoint {
    public static let characteristic = "User Control Point 0x2A9F"

    /// Result codes of a response (op 0x20).
    public enum ResultCode: UInt8, Sendable, Hashable {
        case success = 0x01, opCodeNotSupported = 0x02, invalidParameter = 0x03, operationFailed = 0x04
        case userNotAuthorized = 0x05
    }

    /// Register New User: `01 <consent u16>`.
    public static func registerNewUser(consentCode: UInt16) -> [UInt8] {
        [0x01, UInt8(consentCode & 0xFF), UInt8(consentCode >> 8)]
    }

    /// Consent: `02 <user index> <consent u16>`.
    public static func consent(userIndex: UInt8, consentCode: UInt16) -> [UInt8] {
        [0x02, userIndex, UInt8(consentCode & 0xFF), UInt8(consentCode >> 8)]
    }

    /// A response indication `20 <request op> <result> [<new user index>]`.
    public struct Response: Sendable, Hashable {
        public var requestOpCode: UInt8
        public var result: ResultCode?
        public var rawResult: UInt8
        /// The index a successful Register New User assigned.
        public var registeredUserIndex: UInt8?

        public init(bytes: [UInt8]) throws(GATTDecodingError) {
            var reader = ByteReader(bytes, characteristic: UserControlPoint.characteristic)
            let opCode = try reader.uint8("Op Code")
            guard opCode == 0x20 else {
                throw reader.failure("op code 0x\(String(opCode, radix: 16)) is not a response (expected 0x20)")
            }
            requestOpCode = try reader.uint8("Request Op Code")
            rawResult = try reader.uint8("Response Value")
            result = ResultCode(rawValue: rawResult)
            if requestOpCode == 0x01, result == .success {
                registeredUserIndex = try reader.uint8("User Index")
            }
        }
    }
}
