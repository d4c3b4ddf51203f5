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
        var headers: [(offset: Int, header: Header)] = []
        var start = 0
        repeat {
            let header = try checkedHeader(bytes, at: start, part: headers.count)
            headers.append((start, header))
            start += header.size + header.dataSize + 2
        } while start < bytes.count
        var parts: [Part] = []
        for (index, entry) in headers.enumerated() {
            let messages = try decodeMessages(bytes, from: entry.offset, header: entry.header, part: index)
            parts.append(Part(offset: entry.offset, header: entry.header, messages: messages))
        }
        return parts
    }

    /// The data messages of one part whose header and CRC were checked. Local definitions and the
    /// compressed-timestamp base are the part's own (each part is a FIT file of its own).
    private static func decodeMessages(
        _ bytes: [UInt8],
        from start: Int,
        header: Header,
        part: Int
    ) throws(Failure) -> [Message] {
        var messages: [Message] = []
        var definitions = [Definition?](repeating: nil, count: 16)
        var position = start + header.size
        let end = start + header.size + header.dataSize
        var lastTimestamp: UInt32 = 0
        while position < end {
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
                var message = try readData(bytes, &position, end, definition, recordOffset)
                message.part = part
                message.fields[timestampField] = Double(timestamp)
                messages.append(message)
            } else if recordHeader & 0x40 != 0 {
                let local = Int(recordHeader & 0x0F)
                definitions[local] = try readDefinition(
                    bytes,
                    &position,
                    end,
                    developer: recordHeader & 0x20 != 0,
                    recordOffset
                )
            } else {
                let local = Int(recordHeader & 0x0F)
                guard let definition = definitions[local] else {
                    throw Failure(offset: recordOffset, reason: "data message for undefined local type \(local)")
                }
                var message = try readData(bytes, &position, end, definition, recordOffset)
                message.part = part
                if let timestamp = message.fields[timestampField] { lastTimestamp = UInt32(timestamp) }
                messages.append(message)
            }
        }
        return messages
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

    private static func readData(
        _ bytes: [UInt8],
        _ position: inout Int,
        _ end: Int,
        _ definition: Definition,
        _ recordOffset: Int
    ) throws(Failure) -> Message {
        var message = Message(globalNumber: definition.globalNumber, offset: recordOffset, fields: [:])
        for field in definition.fields {
            guard position + field.size <= end else {
                throw Failure(offset: recordOffset, reason: "data message runs past the data")
            }
            let elements = values(bytes, at: position, field: field, bigEndian: definition.bigEndian)
            if let first = elements.first {
                if let first {
                    message.fields[field.number] = first
                } else {
                    message.invalidFields.insert(field.number)
                }
                if elements.count > 1 { message.arrays[field.number] = elements }
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
