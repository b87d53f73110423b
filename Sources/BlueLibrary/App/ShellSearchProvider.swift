import Foundation
import GtkKit
import LibraryCore

// MARK: - ShellSearchProvider

/// Answers GNOME Shell's search in the Activities overview (`org.gnome.Shell.SearchProvider2`,
/// exported beside GApplication's object on the app's own bus name, where the installed
/// `search-providers/*.ini` tells the Shell to look): the albums found by the window's own
/// search (`LibraryAPI.albumIDs(matchingSearch:)`), their titles, "Artist · Year" and covers,
/// and the window opened on the one chosen, or on the search itself.
///
/// A BlueLibrary the desktop started only to answer (`--gapplication-service`) opens its
/// library without a window, and ends after a minute with no question. While another
/// process holds the library, it finds nothing, and says so once in the log.
@MainActor
final class ShellSearchProvider: SessionBusObject {
    static let interface = "org.gnome.Shell.SearchProvider2"
    /// Where the object is, below the application's object path (the `.ini` names it whole).
    static let child = "SearchProvider"
    static let introspectionXML = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/>
              <arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """
    /// The most albums one answer names: the overview shows a handful, and a word every album
    /// has would otherwise send 100,000 names over the bus.
    static let mostResults = 50
    /// The icon of an album with no cover on this computer.
    static let albumIcon = "media-optical-symbolic"

    private weak var app: BlueLibraryApp?
    private let application: Application
    /// The export on the bus, while this instance runs.
    private var service: SessionBusService?
    /// Whether "the library is held elsewhere" was logged already.
    private var hasToldLibraryHeld = false

    /// Exports the provider on `application`'s connection (nothing without a bus).
    init(app: BlueLibraryApp, application: Application) {
        self.app = app
        self.application = application
        do {
            service = try application.export(self, introspectionXML: Self.introspectionXML, child: Self.child)
        } catch {
            Log.ui.warning("GNOME Shell cannot search the library: \(error.message)")
        }
    }

    // MARK: SessionBusObject

    func call(interface: String, method: String, arguments: [DBusValue]) throws(DBusError) -> [DBusValue] {
        throw .unknownMethod(method)  // every method is answered by the one below
    }

    func call(interface: String, method: String, arguments: [DBusValue],
              reply: @escaping @MainActor (Result<[DBusValue], DBusError>) -> Void) {
        // Each question counts as use: a BlueLibrary started as a service stays for the next.
        application.hold()
        let answer: @MainActor (Result<[DBusValue], DBusError>) -> Void = { [application] result in
            reply(result)
            application.release()
        }
        switch (method, arguments.map(\.strings)) {
        case ("GetInitialResultSet", let lists) where lists.count == 1:
            find(lists[0] ?? [], reply: answer)
        case ("GetSubsearchResultSet", let lists) where lists.count == 2:
            find(lists[1] ?? [], reply: answer)  // as fast as narrowing, and never misses one
        case ("GetResultMetas", let lists) where lists.count == 1:
            answer(.success([.array(elementSignature: "a{sv}", metas(of: lists[0] ?? []))]))
        case ("ActivateResult", _):
            if case .string(let identifier)? = arguments.first, let id = AlbumID(identifier) { app?.showAlbum(id) }
            answer(.success([]))
        case ("LaunchSearch", let lists) where lists.count == 2:
            app?.showSearch((lists[0] ?? []).joined(separator: " "))
            answer(.success([]))
        default:
            answer(.failure(.unknownMethod(method)))
        }
    }

    func property(interface: String, name: String) -> DBusValue? { nil }

    func setProperty(interface: String, name: String, value: DBusValue) -> Bool { false }

    // MARK: Answers

    /// The ids, as text, of the albums the window's search finds for `terms`, in the user's
    /// order.
    private func find(_ terms: [String], reply: @escaping @MainActor (Result<[DBusValue], DBusError>) -> Void) {
        guard let library = searchedLibrary() else { return reply(.success([.strings([])])) }
        let text = terms.joined(separator: " ")
        Task { @MainActor in
            let ids = await library.albumIDs(matchingSearch: text)
            reply(.success([.strings(ids.prefix(Self.mostResults).map { String($0) })]))
        }
    }

    /// What the overview shows of each album: its title, "Artist · Year", and its cover (the
    /// file on this computer) or a disc. Ids of albums no longer in the library are left out.
    private func metas(of identifiers: [String]) -> [DBusValue] {
        guard let library = searchedLibrary() else { return [] }
        return identifiers.compactMap { identifier in
            guard let id = AlbumID(identifier), let album = library.album(withID: id) else { return nil }
            let description = [album.artist.forDisplay, album.year].filter { !$0.isEmpty }.joined(separator: " · ")
            return .dictionary([
                "id": .string(identifier),
                "name": .string(album.title.forDisplay),
                "description": .string(description),
                "gicon": .string(library.coverFile(for: album)?.path ?? Self.albumIcon),
            ])
        }
    }

    /// The library, opened without a window if need be; nil while another process holds it.
    private func searchedLibrary() -> LibraryAPI? {
        if let library = app?.openLibrary() { return library }
        if !hasToldLibraryHeld {
            hasToldLibraryHeld = true
            Log.ui.message("GNOME Shell's search finds nothing while another program holds the library")
        }
        return nil
    }
}

// MARK: - DBusValue

private extension DBusValue {
    /// The strings of an `as` value; nil for any other value.
    var strings: [String]? {
        guard case .array("s", let elements) = self else { return nil }
        return elements.compactMap { element in
            guard case .string(let text) = element else { return nil }
            return text
        }
    }
}

// MARK: - Results activated

extension BlueLibraryApp {
    /// Opens the window (or presents it) with album `id` selected and centred.
    func showAlbum(_ id: AlbumID) {
        activate()
        windowController?.reveal(albumID: id)
    }

    /// Opens the window (or presents it) with `text` in its search.
    func showSearch(_ text: String) {
        activate()
        windowController?.search(for: text)
    }
}
