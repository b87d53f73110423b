import LibraryCore

extension Log {
    /// The window's log domain (`G_MESSAGES_DEBUG=BlueLibrary` shows its debug lines).
    package static let ui = Log(domain: "BlueLibrary")
}
