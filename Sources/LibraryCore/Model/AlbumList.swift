import Foundation

// MARK: - AlbumList

/// The on-disk form of the album list: a JSON array of `Album` objects.
public enum AlbumList {
    /// Decodes an album list, naming the album and key on failure.
    public static func decode(_ data: Data) throws(DocumentDecodingError) -> [Album] {
        try JSONDocumentCoding.decode([Album].self, from: data, expectedTopLevel: localized("a list of albums"))
    }

    /// Encodes an album list the way it is written to `albums.json` (readable, stable key order).
    public static func encode(_ albums: [Album]) throws -> Data {
        try JSONDocumentCoding.encode(albums)
    }
}

// MARK: - JSONDocumentCoding

/// The JSON settings every document of the app shares.
enum JSONDocumentCoding {
    static func decode<Value: Decodable>(
        _ type: Value.Type,
        from data: Data,
        expectedTopLevel: String
    ) throws(DocumentDecodingError) -> Value {
        guard !data.isEmpty else { throw .empty }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw DocumentDecodingError(error, expectedTopLevel: expectedTopLevel)
        } catch {
            throw .invalidJSON(detail: error.localizedDescription)
        }
    }

    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
