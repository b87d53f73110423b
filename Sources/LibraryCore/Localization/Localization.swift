import CGLib
import Foundation

// MARK: - Localization

/// The app's translations: gettext catalogues (`bluelibrary.mo`) installed under
/// `<prefix>/share/locale`, found next to the running binary so an installed copy works
/// wherever its prefix is.
///
/// Call `Localization.setUp()` once, before any window is built; then every user-visible
/// string goes through `localized(_:)`, which is also the keyword `xgettext` extracts.
public enum Localization {
    /// The gettext domain, also the name of the installed `.mo` files.
    public static let domain = "bluelibrary"
    /// Environment variable naming a locale folder (`<dir>/<lang>/LC_MESSAGES/bluelibrary.mo`)
    /// that replaces the installed one, e.g. catalogues compiled in a meson build folder.
    public static let overrideVariable = "BLUELIBRARY_LOCALE_DIR"

    /// Adopts the user's locale (`LANG`, `LC_*`, `LANGUAGE`) and binds the app's domain to the
    /// first locale folder found. Without a catalogue the app speaks English. Call it from
    /// the main thread before other threads start: `setlocale` is not thread-safe.
    public static func setUp() {
        setlocale(LC_ALL, "")
        guard let folder = localeFolder() else { return }
        bindtextdomain(domain, folder.path)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// `$BLUELIBRARY_LOCALE_DIR`, else `<prefix>/share/locale` when it holds this app's
    /// catalogues.
    static func localeFolder() -> URL? {
        if let override = ProcessInfo.processInfo.environment[overrideVariable], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        guard let share = BundledData.installedShareFolder() else { return nil }
        let folder = share.appendingPathComponent("locale", isDirectory: true)
        let hasCatalogues = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.contains { language in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(language)/LC_MESSAGES/\(domain).mo").path)
        } ?? false
        return hasCatalogues ? folder : nil
    }
}

// MARK: - Looking up strings

/// The translation of `message` into the user's language, or `message` itself.
/// `message` must be a string literal, so that `xgettext --keyword=localized` finds it.
public func localized(_ message: String) -> String {
    // Without a translation gettext returns the pointer it was given, which lives only as long
    // as `withCString`'s closure: it is compared, never read after it.
    message.withCString { original in
        guard let translation = g_dgettext(Localization.domain, original), translation != original else { return message }
        return String(cString: translation)
    }
}

/// The translation of `singular` or `plural` for `count` (the language's own plural rules),
/// with `%@` filled with the count. Both must be literals (`xgettext --keyword=localizedPlural:1,2`).
public func localizedPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
    localizedPlural(singular, plural, count, String(count))
}

/// The translation of `singular` or `plural` for `count`, filled with `arguments` (`%@`, or
/// numbered `%1$@`, `%2$@`…), e.g. the count written with grouping separators.
public func localizedPlural(_ singular: String, _ plural: String, _ count: Int, _ arguments: String...) -> String {
    let format = singular.withCString { one in
        plural.withCString { many in
            guard let translation = g_dngettext(Localization.domain, one, many, UInt(max(count, 0))) else { return count == 1 ? singular : plural }
            return translation == one ? singular : translation == many ? plural : String(cString: translation)
        }
    }
    return LocalizedFormat(format).filled(with: arguments)
}

/// The translation of the format `message`, filled with `arguments`: `%@` takes the next
/// argument, `%1$@`, `%2$@`… a numbered one (so a translation may reorder them).
public func localized(_ message: String, _ arguments: String...) -> String {
    LocalizedFormat(localized(message)).filled(with: arguments)
}

// MARK: - LocalizedFormat

/// A translated format string split once into text and argument slots, for strings filled in
/// often (every row of the cover strip): filling it is a concatenation. Only `%@`, `%n$@`
/// and `%%` are understood; the app's formats take text arguments only.
public struct LocalizedFormat: Sendable {
    private enum Piece: Sendable {
        case text(String)
        case argument(Int)
    }

    private let pieces: [Piece]

    /// Splits `format`, already translated.
    public init(_ format: String) {
        var pieces: [Piece] = []
        var text = ""
        var nextArgument = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            let directive = rest[rest.index(after: percent)...]
            if directive.hasPrefix("%") {
                text += "%"
                rest = directive.dropFirst()
            } else if directive.hasPrefix("@") {
                pieces += [.text(text), .argument(nextArgument)]
                text = ""
                nextArgument += 1
                rest = directive.dropFirst()
            } else if let dollar = directive.firstIndex(of: "$"), let number = Int(directive[..<dollar]), number > 0,
                      directive[directive.index(after: dollar)...].hasPrefix("@") {
                pieces += [.text(text), .argument(number - 1)]
                text = ""
                rest = directive[directive.index(dollar, offsetBy: 2)...]
            } else {
                text += "%"
                rest = directive
            }
        }
        pieces.append(.text(text + rest))
        self.pieces = pieces
    }

    /// The format with its slots filled; a slot without an argument stays empty.
    public func filled(with arguments: String...) -> String {
        filled(with: arguments)
    }

    public func filled(with arguments: [String]) -> String {
        pieces.reduce(into: "") { result, piece in
            switch piece {
            case .text(let text): result += text
            case .argument(let index) where arguments.indices.contains(index): result += arguments[index]
            case .argument: break
            }
        }
    }
}
