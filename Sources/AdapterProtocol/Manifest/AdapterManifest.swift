/// An adapter's manifest, `adapter.json` (adapter-protocol.md §9).
public struct AdapterManifest: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
    public var version: String
    /// Relative to the manifest's directory, or absolute.
    public var executable: String
    public var arguments: [String]?
    public var protocolVersions: [String]
    public var kinds: [String]
    public var matches: Matches?

    /// What devices and files the adapter handles.
    public struct Matches: Codable, Sendable, Hashable {
        public var usb: [USBMatch]?
        public var bluetooth: [BluetoothMatch]?
        public var files: [FileMatch]?
        public init(usb: [USBMatch]? = nil, bluetooth: [BluetoothMatch]? = nil, files: [FileMatch]? = nil) {
            self.usb = usb
            self.bluetooth = bluetooth
            self.files = files
        }
    }

    /// A USB vendor id and, optionally, product id (four lower-case hex digits each).
    public struct USBMatch: Codable, Sendable, Hashable {
        public var vendorId: String
        public var productId: String?
        public init(vendorId: String, productId: String? = nil) {
            self.vendorId = vendorId
            self.productId = productId
        }
    }

    /// A Bluetooth service UUID or an advertised-name pattern.
    public struct BluetoothMatch: Codable, Sendable, Hashable {
        public var serviceUuid: String?
        public var namePattern: String?
        public init(serviceUuid: String? = nil, namePattern: String? = nil) {
            self.serviceUuid = serviceUuid
            self.namePattern = namePattern
        }
    }

    /// A file-name pattern, with an optional string that must appear in the first 4 KiB; with a
    /// `memberPattern`, it matches a folder or zip archive holding a file whose path matches it.
    public struct FileMatch: Codable, Sendable, Hashable {
        public var namePattern: String
        public var contentSniff: String?
        /// A pattern for the path of a file inside a folder or zip (`*` also crosses `/`); the
        /// `contentSniff` then applies to that file.
        public var memberPattern: String?
        public init(namePattern: String, contentSniff: String? = nil, memberPattern: String? = nil) {
            self.namePattern = namePattern
            self.contentSniff = contentSniff
            self.memberPattern = memberPattern
        }
    }

    public init(
        id: String,
        name: String,
        version: String,
        executable: String,
        arguments: [String]? = nil,
        protocolVersions: [String],
        kinds: [String],
        matches: Matches? = nil
    ) {
        self.id = id
        self.name = name
        self.version = version
        self.executable = executable
        self.arguments = arguments
        self.protocolVersions = protocolVersions
        self.kinds = kinds
        self.matches = matches
    }

    /// The problems that make this manifest unusable, each naming the field; empty when valid.
    public func problems() -> [String] {
        var problems: [String] = []
        let idCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        if id.isEmpty || !id.allSatisfy({ idCharacters.contains($0) }) {
            problems.append("id '\(id)' must be lower-case letters, digits and '-'")
        }
        if executable.isEmpty { problems.append("executable is empty") }
        if protocolVersions.isEmpty { problems.append("protocolVersions is empty") }
        let hexDigits = Set("0123456789abcdef")
        func isUSBId(_ value: String) -> Bool { value.count == 4 && value.allSatisfy { hexDigits.contains($0) } }
        for (index, match) in (matches?.usb ?? []).enumerated() {
            if !isUSBId(match.vendorId) {
                problems.append("matches.usb[\(index)].vendorId '\(match.vendorId)' is not four lower-case hex digits")
            }
            if let product = match.productId, !isUSBId(product) {
                problems.append("matches.usb[\(index)].productId '\(product)' is not four lower-case hex digits")
            }
        }
        for (index, match) in (matches?.bluetooth ?? []).enumerated()
        where match.serviceUuid == nil && match.namePattern == nil {
            problems.append("matches.bluetooth[\(index)] needs serviceUuid or namePattern")
        }
        return problems
    }
}
