/// A D-Bus value with its type (D-Bus Specification, "Type System"), as sent and received.
public indirect enum DBusValue: Sendable, Hashable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array with its element signature (needed when it is empty).
    case array(element: String, [DBusValue])
    /// A dictionary `a{kv}` with its key and value signatures.
    case dictionary(key: String, value: String, [DBusDictEntry])
    case structure([DBusValue])
    case variant(DBusValue)

    /// `ay` from bytes.
    public static func bytes(_ bytes: [UInt8]) -> DBusValue { .array(element: "y", bytes.map { .byte($0) }) }

    /// `a{sv}` from string keys.
    public static func properties(_ entries: [String: DBusValue]) -> DBusValue {
        .dictionary(
            key: "s",
            value: "v",
            entries.sorted { $0.key < $1.key }.map { DBusDictEntry(key: .string($0.key), value: .variant($0.value)) }
        )
    }

    /// The value's type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let members): "(" + members.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    // MARK: Reading values without switching at every use.

    /// The value inside a variant (recursively), or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    public var stringValue: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .boolean(let flag) = unwrapped { return flag }
        return nil
    }

    /// Any integer type, widened.
    public var integerValue: Int? {
        switch unwrapped {
        case .byte(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): Int(v)
        case .uint64(let v): Int(exactly: v)
        default: nil
        }
    }

    /// The bytes of an `ay`.
    public var byteArray: [UInt8]? {
        guard case .array("y", let items) = unwrapped else { return nil }
        return items.compactMap { if case .byte(let b) = $0 { b } else { nil } }
    }

    public var arrayItems: [DBusValue]? {
        switch unwrapped {
        case .array(_, let items): items
        default: nil
        }
    }

    /// The strings of an `as` (or `ao`).
    public var stringArray: [String]? { arrayItems?.compactMap(\.stringValue) }

    /// A dictionary keyed by strings (`a{sv}`, `a{oa{sv}}`, …).
    public var stringKeyedEntries: [String: DBusValue]? {
        guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            if let key = entry.key.stringValue { result[key] = entry.value }
        }
        return result
    }

    /// Entries of any dictionary, in order.
    public var dictionaryEntries: [DBusDictEntry]? {
        guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
        return entries
    }
}

/// One entry of a D-Bus dictionary.
public struct DBusDictEntry: Sendable, Hashable {
    public var key: DBusValue
    public var value: DBusValue
    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}
