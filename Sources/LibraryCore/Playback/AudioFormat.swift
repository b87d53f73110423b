// MARK: - AudioFormat

/// An audio file's format as a user knows it, and the Debian package whose GStreamer plugin
/// plays it: what a message names when a file cannot be played.
public struct AudioFormat: Hashable, Sendable {
    /// "FLAC", "MP3", "AAC"…
    public let name: String
    /// The package with its decoder ("gstreamer1.0-plugins-good").
    public let debianPackage: String

    /// The format of a file, by its name's extension ("m4a"); nil for an extension not known.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "flac": self.init(name: "FLAC", package: "gstreamer1.0-plugins-good")
        case "mp3": self.init(name: "MP3", package: "gstreamer1.0-plugins-good")
        case "wav": self.init(name: "WAV", package: "gstreamer1.0-plugins-good")
        case "ogg", "oga": self.init(name: "Ogg Vorbis", package: "gstreamer1.0-plugins-base")
        case "opus": self.init(name: "Opus", package: "gstreamer1.0-plugins-base")
        case "m4a", "mp4", "aac": self.init(name: "AAC", package: "gstreamer1.0-libav")
        case "alac": self.init(name: "Apple Lossless", package: "gstreamer1.0-libav")
        case "wma": self.init(name: "Windows Media Audio", package: "gstreamer1.0-libav")
        case "ape": self.init(name: "Monkey’s Audio", package: "gstreamer1.0-libav")
        default: return nil
        }
    }

    private init(name: String, package: String) {
        self.name = name
        debianPackage = package
    }
}
