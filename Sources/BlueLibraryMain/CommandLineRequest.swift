import Foundation
import LibraryCore

// MARK: - CommandLineRequest

/// What the command line asks for:
///
///     bluelibrary                  opens the window
///     bluelibrary --export FILE    writes the whole library to FILE (albums.json format) and exits
///     bluelibrary --import FILE    opens the window and adds FILE's albums as one undoable command
///     bluelibrary FOLDER…          opens the window (or uses the running one) and imports the
///                                  music in the folders
///     bluelibrary --gapplication-service
///                                  how the desktop starts it over D-Bus (GNOME Shell's search,
///                                  "Open With"): no window until one is asked for
enum CommandLineRequest: Equatable {
    case openWindow
    case service
    case importMusic([String])
    case export(URL)
    case importFile(URL)
    case usage(String)

    init(arguments: [String]) {
        // Test runners and tools may add arguments of their own: only ours are read.
        let options = Array(arguments.dropFirst())
        func file(after option: String) -> URL?? {
            guard let index = options.firstIndex(of: option) else { return nil }
            guard options.indices.contains(index + 1) else { return .some(nil) }
            return URL(fileURLWithPath: options[index + 1])
        }
        switch (file(after: "--export"), file(after: "--import")) {
        case (.some(.some(let url)), nil): self = .export(url)
        case (nil, .some(.some(let url))): self = .importFile(url)
        case (nil, nil):
            let folders = options.filter { !$0.hasPrefix("-") }
            if options.contains(where: { $0 == "--help" || $0 == "-h" }) {
                self = .usage("")
            } else if options.contains("--gapplication-service") {
                self = .service
            } else {
                self = folders.isEmpty ? .openWindow : .importMusic(folders)
            }
        default: self = .usage(localized("--export and --import each take one file, and only one of them is given at a time."))
        }
    }

    static var usageText: String {
        localized("Usage: bluelibrary [--export FILE | --import FILE | FOLDER…]")
    }
}
