// MARK: - CoverLookupError

/// Why a cover could not be looked up, said in words; nothing changed in the library.
public enum CoverLookupError: Error, Hashable, Sendable {
    /// The service could not be reached (no network, DNS, refused, timed out).
    case unreachable(service: String, HTTPError)
    /// The service kept answering "busy" (503 or 429) after waiting as long as it asked.
    case busy(service: String)
    /// The service answered something other than what was asked for (malformed or huge JSON,
    /// another error status).
    case badAnswer
    /// The cover's address led to something that is not an image BlueLibrary can show.
    case notAnImage
    /// The cover is larger than the limit of a download.
    case tooLarge
    /// The cover could not be kept in the app's storage.
    case notSaved(CoverFileError)
    /// The user stopped it.
    case cancelled

    /// What the window says.
    public var message: String {
        switch self {
        case .unreachable(let service, let error):
            localized("%1$@ could not be reached (%2$@). Check the network connection and try again.", service, "\(error)")
        case .busy(let service): localized("%@ is busy. Try again in a few minutes.", service)
        case .badAnswer: localized("The cover service gave an answer BlueLibrary could not read.")
        case .notAnImage: localized("The cover found online is not an image BlueLibrary can show.")
        case .tooLarge: localized("The cover found online is larger than 20 MB.")
        case .notSaved(let error): error.message
        case .cancelled: localized("The search was stopped.")
        }
    }

    /// Whether later albums of Find Missing Covers would meet the same fate (the network is
    /// down, the service refuses): then it stops instead of failing on each.
    public var stopsASeries: Bool {
        switch self {
        case .unreachable, .busy, .cancelled, .notSaved: true
        case .badAnswer, .notAnImage, .tooLarge: false
        }
    }
}
