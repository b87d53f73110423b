import LibraryCore

// MARK: - ShortcutsOverlay

/// The Keyboard Shortcuts window (Ctrl+?), GNOME's standard list of an app's shortcuts, as
/// GtkBuilder XML for `GtkShortcutsWindow`.
enum ShortcutsOverlay {
    /// One shortcut: what it does, and its keys in GTK's accelerator syntax.
    private static let groups: [(title: String, shortcuts: [(title: String, keys: String)])] = [
        (localized("Albums"), [
            (localized("Select the previous or next album"), "Left Right"),
            (localized("Select the first or last album"), "Home End"),
            (localized("Delete the selected album"), "Delete"),
        ]),
        (localized("Editing"), [
            (localized("Undo"), "<Control>z"),
            (localized("Redo"), "<Shift><Control>z"),
        ]),
        (localized("General"), [
            (localized("Open the main menu"), "F10"),
            (localized("Move the focus to the next or previous part of the window"), "Tab <Shift>Tab"),
            (localized("Dismiss the notice"), "Escape"),
            (localized("Keyboard shortcuts"), "<Control>question"),
            (localized("Close the window"), "<Control>w"),
            (localized("Quit"), "<Control>q"),
        ]),
    ]

    static var builderXML: String {
        let body = groups.map { group in
            let shortcuts = group.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">\
                <property name="title">\(escaped(shortcut.title))</property>\
                <property name="accelerator">\(escaped(shortcut.keys))</property>\
                </object></child>
                """
            }.joined()
            return """
                <child><object class="GtkShortcutsGroup">\
                <property name="title">\(escaped(group.title))</property>\(shortcuts)</object></child>
                """
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="help_overlay">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection">\
            <property name="section-name">shortcuts</property>\(body)</object></child>
              </object>
            </interface>
            """
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
