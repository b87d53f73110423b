import Foundation

// MARK: - DocumentDecodingError

/// Why a JSON document (the album list or the saved state) could not be read, in terms a
/// person can act on: which item and which key were wrong.
///
/// `itemIndex` is the zero-based position of the element of the top-level array (or of the
/// list inside the document) where the problem is; descriptions show it one-based.
public enum DocumentDecodingError: Error, Hashable, Sendable {
    /// The file has no bytes at all.
    case empty
    /// The bytes are not JSON (or not UTF-8); `detail` is the parser's message.
    case invalidJSON(detail: String)
    /// The top level is not the expected kind of value (e.g. an object instead of an array).
    case unexpectedTopLevel(expected: String)
    /// A required key is missing.
    case missingKey(String, itemIndex: Int?)
    /// A key holds the wrong type of value.
    case wrongType(key: String?, itemIndex: Int?, expected: String)
    /// A value is present but not acceptable.
    case invalidValue(key: String?, itemIndex: Int?, detail: String)

    // MARK: Mapping from Foundation

    /// Translates a `DecodingError` into the case a user can understand.
    init(_ error: DecodingError, expectedTopLevel: String) {
        switch error {
        case .keyNotFound(let key, let context):
            self = .missingKey(key.stringValue, itemIndex: Self.itemIndex(in: context.codingPath))
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty {
                self = .unexpectedTopLevel(expected: expectedTopLevel)
            } else {
                self = .wrongType(
                    key: Self.lastKey(in: context.codingPath),
                    itemIndex: Self.itemIndex(in: context.codingPath),
                    expected: Self.name(of: type)
                )
            }
        case .valueNotFound(let type, let context):
            self = .wrongType(
                key: Self.lastKey(in: context.codingPath),
                itemIndex: Self.itemIndex(in: context.codingPath),
                expected: Self.name(of: type)
            )
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as? NSError)?.localizedDescription ?? context.debugDescription
                self = .invalidJSON(detail: detail)
            } else {
                self = .invalidValue(
                    key: Self.lastKey(in: context.codingPath),
                    itemIndex: Self.itemIndex(in: context.codingPath),
                    detail: context.debugDescription
                )
            }
        @unknown default:
            self = .invalidJSON(detail: String(describing: error))
        }
    }

    private static func itemIndex(in path: [any CodingKey]) -> Int? {
        path.lazy.compactMap(\.intValue).first
    }

    private static func lastKey(in path: [any CodingKey]) -> String? {
        path.last(where: { $0.intValue == nil })?.stringValue
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: localized("text")
        case is Int.Type, is Double.Type: localized("a number")
        case is Bool.Type: localized("true or false")
        default: String(describing: type).hasPrefix("Array") ? localized("a list") : localized("an object")
        }
    }
}

// MARK: - Description

extension DocumentDecodingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty:
            localized("the file is empty")
        case .invalidJSON(let detail):
            localized("the file is not valid JSON (%@)", detail)
        case .unexpectedTopLevel(let expected):
            localized("the file does not hold %@", expected)
        case .missingKey(let key, let itemIndex?):
            localized("item %1$@ has no “%2$@”", Self.ordinal(itemIndex), key)
        case .missingKey(let key, nil):
            localized("the file has no “%@”", key)
        case .wrongType(let key, let itemIndex, let expected):
            localized("%1$@ has %2$@ that is not %3$@", Self.place(itemIndex), Self.value(key), expected)
        case .invalidValue(let key, let itemIndex, let detail):
            localized("%1$@ has an invalid %2$@ (%3$@)", Self.place(itemIndex), Self.value(key), detail)
        }
    }

    private static func ordinal(_ itemIndex: Int) -> String {
        String(itemIndex + 1)
    }

    private static func place(_ itemIndex: Int?) -> String {
        itemIndex.map { localized("item %@", ordinal($0)) } ?? localized("the file")
    }

    private static func value(_ key: String?) -> String {
        key.map { localized("“%@”", $0) } ?? localized("a value")
    }
}
