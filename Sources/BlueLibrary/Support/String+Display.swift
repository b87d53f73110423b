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

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
