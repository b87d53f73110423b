// MARK: - AlbumID

/// An album's identity in the library database: stable across deletions, undos and
/// relaunches, and never given to another album.
public typealias AlbumID = Int64

// MARK: - LibraryEntry

/// An album as the library keeps it: its identity, its place in the user's order, and its data.
public struct LibraryEntry: Codable, Hashable, Sendable {
    public var id: AlbumID
    public var key: OrderKey
    public var album: Album

    public init(id: AlbumID, key: OrderKey, album: Album) {
        self.id = id
        self.key = key
        self.album = album
    }
}

// MARK: - OrderKey + Codable

/// In the undo history's JSON, a key is written as hexadecimal text.
extension OrderKey: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard text.count.isMultiple(of: 2) else { throw Self.invalid(container, text) }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { throw Self.invalid(container, text) }
            bytes.append(byte)
            index = next
        }
        guard let key = OrderKey(bytes: bytes) else { throw Self.invalid(container, text) }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined())
    }

    private static func invalid(_ container: any SingleValueDecodingContainer, _ text: String) -> DecodingError {
        .dataCorruptedError(in: container, debugDescription: "not an order key: \(text)")
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(length - count, 0)) + self
    }
}
