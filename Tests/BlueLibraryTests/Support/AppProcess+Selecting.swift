import Testing

extension AppProcess {
    /// Selects the album `title`, one of the last two in the strip (an album a test imported
    /// sorts after the default library's by its artist, "Sine"), with End and Left, as a user
    /// would reach it.
    func selectAlbumNearTheEnd(_ title: String) async throws {
        let count = try await report().albumCount
        try await press("End")
        var shown = try await report { $0.selectedIndex == count - 1 }
        if !shown.properties.contains("Album: \(title)") {
            try await press("Left")
            shown = try await report { $0.selectedIndex == count - 2 }
        }
        #expect(shown.properties.contains("Album: \(title)"), "\(shown.properties)")
    }
}
