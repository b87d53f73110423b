import GtkKit

// MARK: - Text from the user's files, made safe to show

extension String {
    /// The text with its control characters shown as Unicode control pictures (NUL → ␀,
    /// ESC → ␛, a line feed → ␊), so that a label shows everything the file holds: GTK takes
    /// C strings, and a NUL would silently cut the rest of the text off. A tab stays a tab.
    var forDisplay: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if Self.isControl(scalar), let picture = Unicode.Scalar(scalar.value == 0x7F ? 0x2421 : 0x2400 + scalar.value) {
                result.append(picture)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The text as `forDisplay` shows it, isolated for insertion into a sentence
    /// ("“%@” deleted"): wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, so an
    /// Arabic or Hebrew title reads right to left inside the sentence without reordering the
    /// sentence around it, and a title's own direction overrides (U+202E…) end with it.
    ///
    /// A POP DIRECTIONAL ISOLATE in the text that closes no isolate of the text's own would
    /// close this one early; it is dropped. Isolates the text leaves open are closed.
    var isolatedForDisplay: String {
        var result = String.UnicodeScalarView()
        result.append(Self.firstStrongIsolate)
        var openIsolates = 0
        for scalar in forDisplay.unicodeScalars {
            switch scalar {
            case "\u{2066}", "\u{2067}", Self.firstStrongIsolate:
                openIsolates += 1
            case Self.popDirectionalIsolate:
                guard openIsolates > 0 else { continue }
                openIsolates -= 1
            default:
                break
            }
            result.append(scalar)
        }
        for _ in 0...openIsolates { result.append(Self.popDirectionalIsolate) }  // the text's own, then this one
        return String(result)
    }

    /// A sentence that quotes the user's text (made with `isolatedForDisplay`), laid out in
    /// the direction of the user's language whatever the quoted text's.
    var asSentence: String {
        ReadingDirection.sentenceMark + self
    }

    private static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    private static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
