/// A FIT file reader, written by hand: no Swift package this project can use reads FIT (Garmin's
/// fit-swift-sdk is macOS/iOS-only and under Garmin's FIT licence; devices.md §6.2).
///
/// It follows the FIT protocol as Garmin's SDKs implement it (devices.md §6.2): the 12- or 14-byte
/// header, definition messages (with developer fields, whose bytes are skipped), data messages,
/// compressed-timestamp headers, and the CRC-16 of the header and of the whole file.
///
/// A file may be several FIT files back to back ("chained", as devices and Garmin's SDKs write them:
/// each part has its own header, records and CRC). Every part's header and CRCs are checked before any
/// message is decoded, so a file with any damaged part, the first or a later one, yields no messages at
/// all, and the failure names the offset in the whole file.
public struct FITDecoder {
    /// One decoded data message: its global number, byte offset and field values.
    public struct Message: Sendable, Hashable {
        public var globalNumber: UInt16
        /// Offset of the record header byte in the (whole, possibly chained) file.
        public var offset: Int
        /// Which part of a chained file the message is in (0 for the first or only one).
        public var part: Int = 0
        /// Field number → value (scale and offset NOT applied; arrays give their first element).
        public var fields: [UInt8: Double]
        /// Every element of the numeric fields that hold more than one (nil where an element is invalid).
        public var arrays: [UInt8: [Double?]] = [:]
        /// The raw bytes of `byte`-typed fields (packed components such as `hr.event_timestamp_12`).
        public var bytes: [UInt8: [UInt8]] = [:]
        /// Fields that were present but held their base type's invalid value (so `fields` lacks them):
        /// a message can then be refused with that reason rather than look as if the field was not sent.
        public var invalidFields: Set<UInt8> = []

        /// A message with its scalar fields; arrays, bytes and invalid fields are filled in by the decoder.
        public init(globalNumber: UInt16, offset: Int, part: Int = 0, fields: [UInt8: Double]) {
            self.globalNumber = globalNumber
            self.offset = offset
            self.part = part
            self.fields = fields
        }

        public subscript(field: UInt8) -> Double? { fields[field] }
    }

    /// One part of a chained file: where it starts, its header and its messages.
    public struct Part: Sendable, Hashable {
        /// Where the part's header starts in the whole file.
        public var offset: Int
        /// The part's own header.
        public var header: Header
        /// The part's data messages, in order (their offsets are in the whole file).
        public var messages: [Message]
    }

    /// Why a FIT file cannot be read.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "@\(offset): \(reason)" }
    }

    /// What the header says.
    public struct Header: Sendable, Hashable {
        public var size: Int
        public var protocolVersion: UInt8
        public var profileVersion: UInt16
        public var dataSize: Int
    }

    struct FieldDefinition {
        var number: UInt8
        var size: Int
        var baseType: UInt8
    }

    struct Definition {
        var globalNumber: UInt16
        var bigEndian: Bool
        var fields: [FieldDefinition]
        var developerBytes: Int
        /// The bytes of all of `fields` together.
        var fieldBytes: Int { fields.reduce(0) { $0 + $1.size } }
    }

    /// The FIT epoch, 1989-12-31T00:00:00Z, in Unix seconds (devices.md §6.2; JS SDK `FIT_EPOCH_MS`).
    public static let epochOffset: Int64 = 631_065_600
    /// Timestamp field number of every message (devices.md §6.2).
    public static let timestampField: UInt8 = 253

    /// Checks every part's header and CRCs, then decodes every data message in order: the first part's
    /// header and the messages of all parts (each tagged with its part).
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> (header: Header, messages: [Message]) {
        let parts = try decodeChained(bytes)
        return (parts[0].header, parts.flatMap(\.messages))
    }

    /// Checks every part's header and CRCs first (all or nothing), then decodes each part. Bytes after the
    /// last part that are not a whole FIT file fail the file: they are a damaged or truncated next part.
    public static func decodeChained(_ bytes: [UInt8]) throws(Failure) -> [Part] {
        var reader = try MessageReader(bytes)
        var parts = reader.parts.map { Part(offset: $0.offset, header: $0.header, messages: []) }
        while let message = reader.next() { parts[message.part].messages.append(message) }
        return parts
    }

    /// Every part's header, checked with its CRCs: where each part starts and what its header says.
    static func checkedParts(_ bytes: [UInt8]) throws(Failure) -> [(offset: Int, header: Header)] {
        var headers: [(offset: Int, header: Header)] = []
        var start = 0
        repeat {
            let header = try checkedHeader(bytes, at: start, part: headers.count)
            headers.append((start, header))
            start += header.size + header.dataSize + 2
        } while start < bytes.count
        return headers
    }

    /// Reads the data messages of a whole (possibly chained) file one at a time, so a caller can turn each
    /// into records and let it go instead of holding every decoded message of the file.
    ///
    /// Creating one checks every part's header and CRCs and walks every record of every part without
    /// decoding its fields (definitions, sizes, local types), so a file that cannot be read fails there,
    /// before a single message is handed out: a file stays all or nothing while it is streamed.
    public struct MessageReader {
        /// Each part of the file: where it starts and its checked header.
        public let parts: [(offset: Int, header: Header)]
        private let bytes: [UInt8]
        private var cursor: Cursor

        /// Checks the whole file (headers, CRCs, record structure); throws the first failure.
        public init(_ bytes: [UInt8]) throws(Failure) {
            self.bytes = bytes
            parts = try FITDecoder.checkedParts(bytes)
            var walk = Cursor(parts: parts)
            while try walk.step(bytes, decoding: false) != .end {}
            cursor = Cursor(parts: parts)
        }

        /// The next data message in file order, nil after the last one. Cannot fail: the structure it
        /// reads was checked when the reader was made.
        public mutating func next() -> Message? {
            while true {
                // The walk in `init` went over exactly these bytes with the same checks and did not throw.
                switch try? cursor.step(bytes, decoding: true) {
                case .message(let message)?: return message
                case .skipped?: continue
                case .end?, nil: return nil
                }
            }
        }
    }

    /// What one step over a file's records found.
    enum Step: Equatable {
        case message(Message)
        /// A definition message (or a data message when only the structure is walked).
        case skipped
        case end
    }

    /// The position in a file and the decoding state of the part it is in. Local definitions and the
    /// compressed-timestamp base are the part's own (each part is a FIT file of its own).
    struct Cursor {
        let parts: [(offset: Int, header: Header)]
        var part = 0
        var position: Int
        var end: Int
        var definitions = [Definition?](repeating: nil, count: 16)
        var lastTimestamp: UInt32 = 0

        init(parts: [(offset: Int, header: Header)]) {
            self.parts = parts
            position = parts[0].offset + parts[0].header.size
            end = position + parts[0].header.dataSize
        }

        /// Reads one record: a data message (decoded only when `decoding`), a definition, or the end.
        mutating func step(_ bytes: [UInt8], decoding: Bool) throws(Failure) -> Step {
            while position >= end {
                part += 1
                guard part < parts.count else { return .end }
                position = parts[part].offset + parts[part].header.size
                end = position + parts[part].header.dataSize
                definitions = [Definition?](repeating: nil, count: 16)
                lastTimestamp = 0
            }
            let recordOffset = position
            let recordHeader = bytes[position]
            position += 1
            if recordHeader & 0x80 != 0 {
                // Compressed timestamp header: bits 5-6 local type, bits 0-4 seconds (devices.md §6.2).
                let local = Int((recordHeader >> 5) & 0x03)
                let offset = UInt32(recordHeader & 0x1F)
                var timestamp = (lastTimestamp & ~0x1F) + offset
                if offset < (lastTimestamp & 0x1F) { timestamp += 0x20 }  // the 5-bit counter rolled over
                lastTimestamp = timestamp
                guard let definition = definitions[local] else {
                    throw Failure(
                        offset: recordOffset,
                        reason: "compressed-timestamp message for undefined local type \(local)"
                    )
                }
                guard decoding else {
                    try FITDecoder.skipData(&position, end, definition, recordOffset)
                    return .skipped
                }
                var message = try readData(bytes, &position, end, definition, recordOffset)
                message.part = part
                message.fields[timestampField] = Double(timestamp)
                return .message(message)
            } else if recordHeader & 0x40 != 0 {
                let local = Int(recordHeader & 0x0F)
                definitions[local] = try readDefinition(
                    bytes,
                    &position,
                    end,
                    developer: recordHeader & 0x20 != 0,
                    recordOffset
                )
                return .skipped
            } else {
                let local = Int(recordHeader & 0x0F)
                guard let definition = definitions[local] else {
                    throw Failure(offset: recordOffset, reason: "data message for undefined local type \(local)")
                }
                guard decoding else {
                    try FITDecoder.skipData(&position, end, definition, recordOffset)
                    return .skipped
                }
                var message = try readData(bytes, &position, end, definition, recordOffset)
                message.part = part
                if let timestamp = message.fields[timestampField] { lastTimestamp = UInt32(timestamp) }
                return .message(message)
            }
        }
    }

    /// The header of the part starting at `start`, after checking it, its data size against the file
    /// length and both CRCs. Offsets in a failure are in the whole file.
    static func checkedHeader(_ bytes: [UInt8], at start: Int = 0, part: Int = 0) throws(Failure) -> Header {
        // Which part failed matters to whoever looks at the file: a later part's damage fails it all.
        let which = part == 0 ? "" : "chained file \(part + 1) at byte \(start): "
        let available = bytes.count - start
        guard available >= 12 else {
            throw Failure(
                offset: bytes.count,
                reason: "\(which)truncated: \(available) bytes, shorter than a FIT header"
            )
        }
        let size = Int(bytes[start])
        guard size == 12 || size == 14 else {
            throw Failure(offset: start, reason: "\(which)header size \(size), not 12 or 14")
        }
        guard bytes[(start + 8)...(start + 11)].elementsEqual(Array(".FIT".utf8)) else {
            throw Failure(offset: start + 8, reason: "\(which)no \".FIT\" signature: not a FIT file")
        }
        let dataSize = Int(
            UInt32(bytes[start + 4]) | UInt32(bytes[start + 5]) << 8 | UInt32(bytes[start + 6]) << 16
                | UInt32(bytes[start + 7]) << 24
        )
        let header = Header(
            size: size,
            protocolVersion: bytes[start + 1],
            profileVersion: UInt16(bytes[start + 2]) | UInt16(bytes[start + 3]) << 8,
            dataSize: dataSize
        )
        guard available >= size + dataSize + 2 else {
            throw Failure(
                offset: bytes.count,
                reason:
                    "\(which)truncated: the header announces \(dataSize) bytes of records and a CRC, the file ends at \(bytes.count)"
            )
        }
        if size == 14 {
            let stored = UInt16(bytes[start + 12]) | UInt16(bytes[start + 13]) << 8
            // 0x0000 means "not set" (devices.md §6.2).
            if stored != 0, stored != FITCRC.compute(bytes[start..<(start + 12)]) {
                throw Failure(offset: start + 12, reason: "\(which)header CRC mismatch")
            }
        }
        let end = start + size + dataSize
        let stored = UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8
        let computed = FITCRC.compute(bytes[start..<end])
        guard stored == computed else {
            throw Failure(
                offset: end,
                reason:
                    "\(which)file CRC mismatch (stored 0x\(String(stored, radix: 16)), computed 0x\(String(computed, radix: 16))): the file is damaged"
            )
        }
        return header
    }

    private static func readDefinition(
        _ bytes: [UInt8],
        _ position: inout Int,
        _ end: Int,
        developer: Bool,
        _ recordOffset: Int
    ) throws(Failure) -> Definition {
        guard position + 5 <= end else {
            throw Failure(offset: recordOffset, reason: "definition message runs past the data")
        }
        let bigEndian = bytes[position + 1] == 1
        let global =
            bigEndian
            ? UInt16(bytes[position + 2]) << 8 | UInt16(bytes[position + 3])
            : UInt16(bytes[position + 2]) | UInt16(bytes[position + 3]) << 8
        let count = Int(bytes[position + 4])
        position += 5
        guard position + count * 3 <= end else {
            throw Failure(offset: recordOffset, reason: "definition message runs past the data")
        }
        var fields: [FieldDefinition] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            let base = position + index * 3
            fields.append(FieldDefinition(number: bytes[base], size: Int(bytes[base + 1]), baseType: bytes[base + 2]))
        }
        position += count * 3
        var developerBytes = 0
        if developer {
            guard position < end else { throw Failure(offset: recordOffset, reason: "developer field count missing") }
            let developerCount = Int(bytes[position])
            position += 1
            guard position + developerCount * 3 <= end else {
                throw Failure(offset: recordOffset, reason: "developer field definitions run past the data")
            }
            // Developer fields are described by field_description messages; the hub needs none of them,
            // so only their sizes are kept, to skip their bytes.
            for index in 0..<developerCount { developerBytes += Int(bytes[position + index * 3 + 1]) }
            position += developerCount * 3
        }
        return Definition(globalNumber: global, bigEndian: bigEndian, fields: fields, developerBytes: developerBytes)
    }

    /// Moves past a data message without decoding it, with the same checks `readData` makes.
    static func skipData(
        _ position: inout Int,
        _ end: Int,
        _ definition: Definition,
        _ recordOffset: Int
    ) throws(Failure) {
        let fieldBytes = definition.fieldBytes
        guard position + fieldBytes <= end else {
            throw Failure(offset: recordOffset, reason: "data message runs past the data")
        }
        guard position + fieldBytes + definition.developerBytes <= end else {
            throw Failure(offset: recordOffset, reason: "developer fields run past the data")
        }
        position += fieldBytes + definition.developerBytes
    }

    private static func readData(
        _ bytes: [UInt8],
        _ position: inout Int,
        _ end: Int,
        _ definition: Definition,
        _ recordOffset: Int
    ) throws(Failure) -> Message {
        var message = Message(globalNumber: definition.globalNumber, offset: recordOffset, fields: [:])
        message.fields.reserveCapacity(definition.fields.count)
        for field in definition.fields {
            guard position + field.size <= end else {
                throw Failure(offset: recordOffset, reason: "data message runs past the data")
            }
            if let width = width(of: field.baseType & 0x1F), field.size == width {
                // One element, the usual case: no array of elements to build.
                if let single = value(bytes, at: position, field: field, bigEndian: definition.bigEndian) {
                    message.fields[field.number] = single
                } else {
                    message.invalidFields.insert(field.number)
                }
            } else {
                let elements = values(bytes, at: position, field: field, bigEndian: definition.bigEndian)
                if let first = elements.first {
                    if let first {
                        message.fields[field.number] = first
                    } else {
                        message.invalidFields.insert(field.number)
                    }
                    if elements.count > 1 { message.arrays[field.number] = elements }
                }
            }
            if field.baseType & 0x1F == 0x0D {
                message.bytes[field.number] = Array(bytes[position..<(position + field.size)])
            }
            position += field.size
        }
        guard position + definition.developerBytes <= end else {
            throw Failure(offset: recordOffset, reason: "developer fields run past the data")
        }
        position += definition.developerBytes
        return message
    }

    /// The width in bytes of a base type, nil for strings (not needed by the hub).
    static func width(of typeNumber: UInt8) -> Int? {
        switch typeNumber {
        case 0x00, 0x01, 0x02, 0x0A, 0x0D: 1
        case 0x03, 0x04, 0x0B: 2
        case 0x05, 0x06, 0x08, 0x0C: 4
        case 0x09, 0x0E, 0x0F, 0x10: 8
        default: nil
        }
    }

    /// Every element of a field (nil where it holds the base type's invalid value); empty when the size
    /// is not a multiple of the type's size (the SDKs ignore such fields) or for strings.
    static func values(_ bytes: [UInt8], at start: Int, field: FieldDefinition, bigEndian: Bool) -> [Double?] {
        guard let width = width(of: field.baseType & 0x1F), field.size >= width, field.size % width == 0 else {
            return []
        }
        return stride(from: start, to: start + field.size, by: width).map { element in
            value(
                bytes,
                at: element,
                field: FieldDefinition(number: field.number, size: width, baseType: field.baseType),
                bigEndian: bigEndian
            )
        }
    }

    /// The first element of a field, or nil when it holds the base type's invalid value, when the
    /// size is not a multiple of the type's size (the SDKs ignore such fields), or for strings.
    static func value(_ bytes: [UInt8], at start: Int, field: FieldDefinition, bigEndian: Bool) -> Double? {
        let typeNumber = field.baseType & 0x1F
        guard let width = width(of: typeNumber), field.size >= width, field.size % width == 0 else { return nil }
        var raw: UInt64 = 0
        for index in 0..<width {
            let byte = UInt64(bytes[start + (bigEndian ? index : width - 1 - index)])
            raw = raw << 8 | byte
        }
        switch typeNumber {
        case 0x00, 0x02, 0x0D: return raw == 0xFF ? nil : Double(raw)
        case 0x0A: return raw == 0 ? nil : Double(raw)
        case 0x01: return raw == 0x7F ? nil : Double(Int8(truncatingIfNeeded: raw))
        case 0x03: return raw == 0x7FFF ? nil : Double(Int16(truncatingIfNeeded: raw))
        case 0x04: return raw == 0xFFFF ? nil : Double(raw)
        case 0x0B: return raw == 0 ? nil : Double(raw)
        case 0x05: return raw == 0x7FFF_FFFF ? nil : Double(Int32(truncatingIfNeeded: raw))
        case 0x06: return raw == 0xFFFF_FFFF ? nil : Double(raw)
        case 0x0C: return raw == 0 ? nil : Double(raw)
        case 0x08:
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: raw))
            return raw == 0xFFFF_FFFF || !float.isFinite ? nil : Double(float)
        case 0x09:
            let double = Double(bitPattern: raw)
            return raw == UInt64.max || !double.isFinite ? nil : double
        case 0x0E: return raw == 0x7FFF_FFFF_FFFF_FFFF ? nil : Double(Int64(bitPattern: raw))
        case 0x0F: return raw == UInt64.max ? nil : Double(raw)
        case 0x10: return raw == 0 ? nil : Double(raw)
        default: return nil
        }
    }
}
