import Foundation

// MARK: - OwnCovers

/// The covers the user gave (an image file chosen or dropped, image data dropped), kept in
/// the app's own data folder, so that moving or deleting the original loses nothing.
///
/// A cover is stored once per content, named by the SHA-256 of its bytes, and an album points
/// at it with a reference such as `bluelibrary-cover:3f…a1.png` in place of an address. A
/// stored cover is never deleted: the undo history may still point at it.
public struct OwnCovers: Sendable {
    /// The scheme of a reference to a stored cover.
    public static let scheme = "bluelibrary-cover"
    /// The largest image accepted, as for a download.
    public static let maximumSize = HTTPClient.Configuration().maximumBodySize

    /// The folder holding one file per cover (`$XDG_DATA_HOME/bluelibrary/covers`).
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    // MARK: References

    /// Whether `address` points at a stored cover (else it is a web address, or empty).
    public static func isReference(_ address: String) -> Bool {
        address.hasPrefix(scheme + ":")
    }

    /// The stored file a reference points at; `nil` for anything that is not a plain
    /// reference (a name with a slash or `..` never leaves the folder).
    public func file(for reference: String) -> URL? {
        guard Self.isReference(reference) else { return nil }
        let name = reference.dropFirst(Self.scheme.count + 1)
        let allowed = Set("0123456789abcdef.pngjpegifwbsv")
        guard !name.isEmpty, name.count <= 80, name.allSatisfy(allowed.contains), !name.hasPrefix(".") else { return nil }
        return directory.appendingPathComponent(String(name))
    }

    // MARK: Storing

    /// Reads the image file the user chose, checked as a download is: a regular file no
    /// larger than `maximumSize`, with an image's signature, whole. Never opens a FIFO or a
    /// device (it would block, or never end).
    public static func read(_ file: URL) throws(CoverFileError) -> Data {
        let name = file.lastPathComponent
        let resolved = file.resolvingSymlinksInPath()
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: resolved.path)
        } catch {
            throw .unreadable(name: name, reason: (error as NSError).localizedFailureReason ?? "\(error)")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw .notAFile(name: name) }
        if let size = attributes[.size] as? Int, size > maximumSize { throw .tooLarge(name: name) }
        let data: Data
        do {
            data = try Data(contentsOf: resolved)
        } catch {
            throw .unreadable(name: name, reason: "\(error)")
        }
        try check(data, name: name)
        return data
    }

    /// Checks image data (from a file or a drop) as a download is checked.
    public static func check(_ data: Data, name: String) throws(CoverFileError) {
        guard data.count <= maximumSize else { throw .tooLarge(name: name) }
        switch ImageSignature.check(data) {
        case .success: return
        case .failure(.incomplete): throw .incomplete(name: name)
        case .failure: throw .notAnImage(name: name)
        }
    }

    /// Stores checked image data and returns the reference to give an album. Storing the same
    /// image twice keeps one file; a file of that name that is not the image (emptied, cut
    /// short: damaged since) is written again.
    public func store(_ data: Data) throws(CoverFileError) -> String {
        guard let reference = Self.reference(for: data), let file = file(for: reference) else { throw .notAnImage(name: "") }
        let storedSize = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber
        if storedSize?.intValue != data.count {
            do throws(PersistenceError) {  // creates the folder when needed
                try AtomicFile.write(data, to: file)
            } catch {
                throw .notSaved(error)
            }
        }
        return reference
    }

    /// The reference `data` gets once stored (`nil` if it is not an image): known before it is
    /// stored, so its decoded texture can wait under that name.
    public static func reference(for data: Data) -> String? {
        guard let format = ImageFormat(signatureOf: data) else { return nil }
        return scheme + ":" + Checksum.sha256Hex(of: data) + "." + format.fileExtension
    }
}

// MARK: - ImageFormat + file extension

extension ImageFormat {
    /// The usual file name extension of the format.
    var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        case .svg: "svg"
        }
    }
}

// MARK: - CoverFileError

/// Why an image the user gave cannot become a cover, said in words that name the file.
public enum CoverFileError: Error, Hashable, Sendable {
    case unreadable(name: String, reason: String)
    case notAFile(name: String)
    case tooLarge(name: String)
    case notAnImage(name: String)
    case incomplete(name: String)
    /// The image has an image's signature but cannot be decoded.
    case notDecodable(name: String)
    case notSaved(PersistenceError)

    /// What the window says.
    public var message: String {
        switch self {
        case .unreadable(let name, _): localized("“%@” could not be read.", name)
        case .notAFile(let name): localized("“%@” is not a file.", name)
        case .tooLarge(let name): localized("“%@” is larger than 20 MB: choose a smaller image.", name)
        case .notAnImage(let name), .notDecodable(let name):
            name.isEmpty ? localized("This is not an image BlueLibrary can show: use a PNG, JPEG, GIF, WebP or SVG image.")
                : localized("“%@” is not an image BlueLibrary can show: use a PNG, JPEG, GIF, WebP or SVG image.", name)
        case .incomplete(let name): localized("“%@” is cut short: the image is incomplete.", name)
        case .notSaved(let error): localized("The cover could not be saved: %@", error.message)
        }
    }
}
