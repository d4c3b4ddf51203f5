import CDBus

/// Converts between `DBusValue` and libdbus's message iterators.
enum DBusMarshalling {
    /// Every argument of a message.
    static func arguments(of message: OpaquePointer) -> [DBusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            if let value = read(&iter) { values.append(value) }
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    /// Appends arguments; false when libdbus refused one (out of memory or an invalid value).
    static func append(_ values: [DBusValue], to message: OpaquePointer) -> Bool {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        return values.allSatisfy { append($0, to: &iter) }
    }

    private static func read(_ iter: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iter)
        func basic<T: BitwiseCopyable>(_ initial: T) -> T {
            var value = initial
            dbus_message_iter_get_basic(&iter, &value)
            return value
        }
        func text() -> String {
            var pointer: UnsafePointer<CChar>? = nil
            dbus_message_iter_get_basic(&iter, &pointer)
            return pointer.map { String(cString: $0) } ?? ""
        }
        switch type {
        case DBusTypeCode.byte: return .byte(basic(UInt8(0)))
        case DBusTypeCode.boolean: return .boolean(basic(dbus_bool_t(0)) != 0)
        case DBusTypeCode.int16: return .int16(basic(Int16(0)))
        case DBusTypeCode.uint16: return .uint16(basic(UInt16(0)))
        case DBusTypeCode.int32: return .int32(basic(Int32(0)))
        case DBusTypeCode.uint32: return .uint32(basic(UInt32(0)))
        case DBusTypeCode.int64: return .int64(basic(Int64(0)))
        case DBusTypeCode.uint64: return .uint64(basic(UInt64(0)))
        case DBusTypeCode.double: return .double(basic(Double(0)))
        case DBusTypeCode.string: return .string(text())
        case DBusTypeCode.objectPath: return .objectPath(text())
        case DBusTypeCode.signature: return .signature(text())
        case DBusTypeCode.variant:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return read(&sub).map { .variant($0) }
        case DBusTypeCode.structure:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            var members: [DBusValue] = []
            while dbus_message_iter_get_arg_type(&sub) != DBusTypeCode.invalid {
                if let member = read(&sub) { members.append(member) }
                dbus_message_iter_next(&sub)
            }
            return .structure(members)
        case DBusTypeCode.array:
            let signature = ownedString(dbus_message_iter_get_signature(&iter))  // "a…"
            let element = String(signature.dropFirst())
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            if dbus_message_iter_get_element_type(&iter) == DBusTypeCode.dictEntry {
                // element is "{kv}": the key is one basic type code, the value the rest.
                let inner = element.dropFirst().dropLast()
                let key = String(inner.prefix(1))
                let value = String(inner.dropFirst())
                var entries: [DBusDictEntry] = []
                while dbus_message_iter_get_arg_type(&sub) == DBusTypeCode.dictEntry {
                    var entry = DBusMessageIter()
                    dbus_message_iter_recurse(&sub, &entry)
                    let k = read(&entry)
                    dbus_message_iter_next(&entry)
                    let v = read(&entry)
                    if let k, let v { entries.append(DBusDictEntry(key: k, value: v)) }
                    dbus_message_iter_next(&sub)
                }
                return .dictionary(key: key, value: value, entries)
            }
            var items: [DBusValue] = []
            while dbus_message_iter_get_arg_type(&sub) != DBusTypeCode.invalid {
                if let item = read(&sub) { items.append(item) }
                dbus_message_iter_next(&sub)
            }
            return .array(element: element, items)
        default:
            return nil  // unix fds and unknown types are not used by this project
        }
    }

    private static func append(_ value: DBusValue, to iter: inout DBusMessageIter) -> Bool {
        func basic<T: BitwiseCopyable>(_ code: Int32, _ initial: T) -> Bool {
            var copy = initial
            return dbus_message_iter_append_basic(&iter, code, &copy) != 0
        }
        func text(_ code: Int32, _ string: String) -> Bool {
            string.withCString { pointer in
                var copy: UnsafePointer<CChar>? = pointer
                return dbus_message_iter_append_basic(&iter, code, &copy) != 0
            }
        }
        func container(_ code: Int32, _ signature: String?, _ body: (inout DBusMessageIter) -> Bool) -> Bool {
            var sub = DBusMessageIter()
            let opened: Bool =
                if let signature {
                    signature.withCString { dbus_message_iter_open_container(&iter, code, $0, &sub) != 0 }
                } else {
                    dbus_message_iter_open_container(&iter, code, nil, &sub) != 0
                }
            guard opened else { return false }
            let filled = body(&sub)
            guard filled else {
                dbus_message_iter_abandon_container(&iter, &sub)
                return false
            }
            return dbus_message_iter_close_container(&iter, &sub) != 0
        }
        switch value {
        case .byte(let v): return basic(DBusTypeCode.byte, v)
        case .boolean(let v): return basic(DBusTypeCode.boolean, dbus_bool_t(v ? 1 : 0))
        case .int16(let v): return basic(DBusTypeCode.int16, v)
        case .uint16(let v): return basic(DBusTypeCode.uint16, v)
        case .int32(let v): return basic(DBusTypeCode.int32, v)
        case .uint32(let v): return basic(DBusTypeCode.uint32, v)
        case .int64(let v): return basic(DBusTypeCode.int64, v)
        case .uint64(let v): return basic(DBusTypeCode.uint64, v)
        case .double(let v): return basic(DBusTypeCode.double, v)
        case .string(let v): return text(DBusTypeCode.string, v)
        case .objectPath(let v): return text(DBusTypeCode.objectPath, v)
        case .signature(let v): return text(DBusTypeCode.signature, v)
        case .array(let element, let items):
            return container(DBusTypeCode.array, element) { sub in items.allSatisfy { append($0, to: &sub) } }
        case .dictionary(let key, let valueSignature, let entries):
            return container(DBusTypeCode.array, "{" + key + valueSignature + "}") { sub in
                entries.allSatisfy { entry in
                    var entryIter = DBusMessageIter()
                    guard dbus_message_iter_open_container(&sub, DBusTypeCode.dictEntry, nil, &entryIter) != 0 else {
                        return false
                    }
                    guard append(entry.key, to: &entryIter), append(entry.value, to: &entryIter) else {
                        dbus_message_iter_abandon_container(&sub, &entryIter)
                        return false
                    }
                    return dbus_message_iter_close_container(&sub, &entryIter) != 0
                }
            }
        case .structure(let members):
            return container(DBusTypeCode.structure, nil) { sub in members.allSatisfy { append($0, to: &sub) } }
        case .variant(let inner):
            return container(DBusTypeCode.variant, inner.signature) { sub in append(inner, to: &sub) }
        }
    }

    /// A string libdbus allocated, copied and freed.
    private static func ownedString(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { dbus_free(pointer) }
        return String(cString: pointer)
    }
}
