import Foundation
import GtkKit
import LibraryCore

// MARK: - LaunchRequests

/// What a second launch asks of the running instance and waits an answer for: an album list
/// file to import (`bluelibrary --import FILE`). The running instance exports it beside
/// GApplication's own object on the session bus; a launch whose request is refused (this
/// instance has no library open) is told why in words, and exits non-zero.
@MainActor
final class LaunchRequests: SessionBusObject {
    static let interface = "io.github.bluelibrary.BlueLibrary.LaunchRequests"
    static let introspectionXML = """
        <node>
          <interface name="io.github.bluelibrary.BlueLibrary.LaunchRequests">
            <method name="ImportAlbumList">
              <arg type="s" name="path" direction="in"/>
            </method>
          </interface>
        </node>
        """
    /// The error of a request refused; its message says why, in words.
    static let refused = "io.github.bluelibrary.BlueLibrary.Error.Refused"

    private weak var app: BlueLibraryApp?
    /// The export on the bus, while this instance runs.
    private var service: SessionBusService?

    /// Exports the requests of `app` on its application's connection (nothing without a bus).
    init(app: BlueLibraryApp, application: Application) {
        self.app = app
        do {
            service = try application.export(self, introspectionXML: Self.introspectionXML)
        } catch {
            Log.ui.warning("other launches cannot reach this one: \(error.message)")
        }
    }

    func call(interface: String, method: String, arguments: [DBusValue]) throws(DBusError) -> [DBusValue] {
        guard interface == Self.interface, method == "ImportAlbumList",
              arguments.count == 1, case .string(let path) = arguments[0] else { throw .unknownMethod(method) }
        guard let app else { throw DBusError(name: Self.refused, message: localized("BlueLibrary is quitting.")) }
        try app.importAlbumList(handedOver: URL(fileURLWithPath: path))
        return []
    }

    func property(interface: String, name: String) -> DBusValue? { nil }

    func setProperty(interface: String, name: String, value: DBusValue) -> Bool { false }
}

// MARK: - Requests in the running instance

extension BlueLibraryApp {
    /// Imports music folders given at launch or from the file manager ("Open With
    /// BlueLibrary"), opening the window first if needed. While the launch waits for another
    /// program to let go of the library, they wait too; if it never does, the window that
    /// says so names them as not imported.
    func open(_ folders: [URL]) {
        activate()
        if let windowController {
            windowController.musicImport.openMusic(folders)
        } else if isWaitingForLibrary {
            musicAwaitingLibrary += folders
        } else {
            refuseMusic(folders)
        }
    }

    /// Tells, in the window saying the library is open elsewhere and in the log, that
    /// `folders` were not imported.
    func refuseMusic(_ folders: [URL]) {
        guard !folders.isEmpty else { return }
        Log.ui.warning("not imported, as another BlueLibrary has the library open: \(folders.map(\.path).joined(separator: ", "))")
        inUseWindow?.showNotImported(folders)
    }

    /// Imports an album list file a second launch handed over, in the window, as one undoable
    /// command; throws the refusal (`LaunchRequests.refused`) the second launch prints when
    /// this instance has no library open.
    func importAlbumList(handedOver file: URL) throws(DBusError) {
        activate()
        if let windowController {
            windowController.albumLists.importAlbumList(from: file)
            return
        }
        let reason = isWaitingForLibrary
            ? localized("The BlueLibrary already running is waiting for another program to let go of the library. Nothing was imported; try again once its window has opened.")
            : localized("The BlueLibrary already running has no library open: another BlueLibrary has the library in %@ open. Nothing was imported.",
                        StorageLocations.standard.dataFolder.path)
        Log.ui.message("“\(file.path)” was not imported: \(reason)")
        throw DBusError(name: LaunchRequests.refused, message: reason)
    }
}

// MARK: - Requests from a second launch

extension BlueLibraryApp {
    /// Hands an album list file to the running instance, which imports it in its window as
    /// one undoable command (`bluelibrary --import FILE` while the app runs), and waits for
    /// its answer. Call after `isAnotherInstanceRunning()` said there is one. Throws, in
    /// words, why it was not imported.
    public func importAlbumListInRunningInstance(_ file: URL) throws(LaunchRequestRefused) {
        // The running instance exports its requests right after it took the app's name: a
        // launch that found the name a moment before may find no object yet.
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                _ = try application.callRunningInstance(interface: LaunchRequests.interface, method: "ImportAlbumList",
                                                        arguments: [.string(file.path)])
                return
            } catch where error.name == "org.freedesktop.DBus.Error.UnknownMethod" && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            } catch where error.name == LaunchRequests.refused {
                throw LaunchRequestRefused(description: error.message)
            } catch {
                throw LaunchRequestRefused(description: localized("“%@” could not be handed to the BlueLibrary already running: %@",
                                                                  file.lastPathComponent, error.message))
            }
        }
    }
}

/// Why the running instance did not do what a second launch asked, in words.
public struct LaunchRequestRefused: Error, CustomStringConvertible {
    public let description: String
}
