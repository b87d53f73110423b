// MARK: - CoverError

/// Why a cover could not be had. The window shows a placeholder, not an error message.
public enum CoverError: Error, Hashable, Sendable {
    /// The download failed.
    case download(HTTPError)
    /// The server sent something that is not a PNG, JPEG, GIF, WebP or SVG image.
    case notAnImage
    /// The image ends before its format says it does (a file cut short).
    case incomplete
    /// A cover the user gave is no longer in the app's storage.
    case missing
}

extension CoverError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .download(let error): "the cover could not be downloaded: \(error)"
        case .notAnImage: "the cover is not an image"
        case .incomplete: "the cover image is cut short"
        case .missing: "the stored cover is missing"
        }
    }
}
