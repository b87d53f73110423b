// Why this file exists: the application object (single instance over D-Bus, app-wide
// actions and their keyboard shortcuts) and its windows, both libadwaita's: AdwApplication
// initialises libadwaita at startup, follows the system's colour scheme and loads the
// resource base path's `style.css` (and `style-dark.css` in the dark style).

import CGtk
import Foundation

/// The running application (`AdwApplication`, a `GtkApplication`): one per process, one
/// instance per session.
@MainActor
public final class Application: ObjectHandle, ActionMap {
    /// Creates the application. A second launch with the same `id` activates the first
    /// instance instead of opening a second one, unless `allowsMultipleInstances` is set.
    ///
    /// With `handlesOpen`, files and folders given at launch (`bluelibrary FOLDER`, or "Open
    /// With" in the file manager) reach `onOpen` of the running instance.
    public init(id: String, allowsMultipleInstances: Bool = false, handlesOpen: Bool = false) {
        var flags = allowsMultipleInstances ? G_APPLICATION_NON_UNIQUE.rawValue : 0
        if handlesOpen { flags |= G_APPLICATION_HANDLES_OPEN.rawValue }
        super.init(owning: UnsafeMutableRawPointer(adw_application_new(id, GApplicationFlags(rawValue: flags))))
    }

    var application: UnsafeMutablePointer<GtkApplication> { bl_application(gObject) }

    /// Called when the app is launched or re-launched: show (or present) the window here.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }

    /// Called instead of `onActivate` when the app is launched with files or folders (in the
    /// running instance, if there is one), with their URLs.
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor ([URL]) -> Void) -> SignalConnection {
        connectOpen(handler)
    }

    /// Called once in the running instance, when it has registered with the session (its
    /// name owned) and before the first `onActivate` or `onOpen`.
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("startup", handler)
    }

    /// Called once, just before `run` returns.
    @discardableResult
    public func onShutdown(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("shutdown", handler)
    }

    /// Runs the main loop until the last window closes or `quit()`; returns the exit status.
    ///
    /// - Parameter files: Files to open (paths or URIs), given to `onOpen`.
    public func run(arguments: [String] = CommandLine.arguments, files: [String] = []) -> Int32 {
        // Only the program name and the files are passed: GApplication would refuse the
        // options of our own, and the unknown ones that test runners and tools add.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(arguments.first ?? "bluelibrary")] + files.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(bl_g_application(gObject), Int32(argv.count - 1), &argv)
    }

    /// Makes the application a D-Bus activated service (`--gapplication-service`, as the
    /// desktop starts a `DBusActivatable` app, to answer a search or open a file): `run`
    /// then opens no window until asked to, and returns once nothing has used it for
    /// `inactivityTimeout`. Call before `run`.
    public func runAsService(inactivityTimeout: Duration) {
        let application = bl_g_application(gObject)
        let flags = g_application_get_flags(application).rawValue | G_APPLICATION_IS_SERVICE.rawValue
        g_application_set_flags(application, GApplicationFlags(rawValue: flags))
        let milliseconds = inactivityTimeout.components.seconds * 1000 + inactivityTimeout.components.attoseconds / 1_000_000_000_000_000
        g_application_set_inactivity_timeout(application, guint(clamping: milliseconds))
    }

    /// Registers with the session (needed before windows when not using `run`).
    @discardableResult
    public func register() -> Bool {
        g_application_register(bl_g_application(gObject), nil, nil) != 0
    }

    public func quit() { g_application_quit(bl_g_application(gObject)) }

    /// Keeps the application running with no window open (music that goes on after its
    /// window closed), until `release()`. Each hold needs its own release.
    public func hold() { g_application_hold(bl_g_application(gObject)) }

    /// Lets go of a `hold()`: with no window left, the application then ends.
    public func release() { g_application_release(bl_g_application(gObject)) }

    /// Activates the application's action `name` (without its `app.` prefix), as a menu item
    /// naming it would.
    public func activateAction(_ name: String) {
        g_action_group_activate_action(OpaquePointer(application), name, nil)
    }

    /// Asks the session not to suspend while `window` is open (music plays), saying `reason`;
    /// returns the request's cookie for `uninhibit`, or 0 when the session cannot be asked.
    public func inhibitSuspend(for window: ApplicationWindow?, reason: String) -> UInt32 {
        gtk_application_inhibit(application, window?.window, GTK_APPLICATION_INHIBIT_SUSPEND, reason)
    }

    /// Withdraws a request `inhibitSuspend` made.
    public func uninhibit(_ cookie: UInt32) {
        guard cookie != 0 else { return }
        gtk_application_uninhibit(application, cookie)
    }

    /// After `register()`: whether another process is the running instance (this launch
    /// would only activate it).
    public var isRemote: Bool { g_application_get_is_remote(bl_g_application(gObject)) != 0 }

    /// Sets the keyboard shortcuts of a detailed action (`win.undo` → `<Control>z`), all of
    /// them, replacing those it had. They run before any widget sees the key.
    public func setAccelerators(_ accelerators: [String], for action: String) {
        let copies = accelerators.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var list = copies.map { $0.map { UnsafePointer($0) } } + [nil]  // NULL-terminated
        gtk_application_set_accels_for_action(application, action, &list)
    }

    /// The shortcuts of a detailed action, as GTK parses them.
    public func accelerators(for action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(application, action) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let accelerator = list[index] {
            result.append(String(cString: accelerator))
            index += 1
        }
        return result
    }
}

/// A toplevel window of an application (`AdwApplicationWindow`): its content includes its
/// header bar, so the window has no separate title bar. It is also the `win.` action group
/// of the widgets inside it.
@MainActor
public final class ApplicationWindow: Widget, ActionMap {
    public init(application: Application) {
        // GTK keeps toplevels alive in its own list until they are destroyed.
        super.init(borrowing: adw_application_window_new(application.application))
    }

    var window: UnsafeMutablePointer<GtkWindow> { bl_window(gObject) }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    /// The size the window opens at, and the size it has after the user resized it.
    public var defaultSize: (width: Int, height: Int) {
        get {
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(window, &width, &height)
            return (Int(width), Int(height))
        }
        set { gtk_window_set_default_size(window, Int32(newValue.width), Int32(newValue.height)) }
    }

    /// The size of the largest monitor, in application pixels (`nil` without a display): no
    /// window should open larger.
    public static var largestMonitorSize: (width: Int, height: Int)? {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return nil }
        var largest: (width: Int, height: Int)?
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let monitor = g_list_model_get_item(monitors, index) else { continue }
            defer { g_object_unref(monitor) }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
            let size = (width: Int(geometry.width), height: Int(geometry.height))
            if size.width * size.height > (largest.map { $0.width * $0.height } ?? 0) { largest = size }
        }
        return largest
    }

    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

    /// Sets what the window shows, header bar included.
    public func setContent(_ content: Widget) {
        adw_application_window_set_content(bl_adw_application_window(gObject), content.gtkWidget)
    }

    /// The smallest size the user can make the window.
    public func setMinimumSize(width: Int, height: Int) {
        gtk_widget_set_size_request(gtkWidget, Int32(width), Int32(height))
    }

    public func present() { gtk_window_present(window) }

    /// Asks the window to close, as its close button does (`close-request` runs first).
    public func close() { gtk_window_close(window) }

    /// Removes the window at once, without `close-request`.
    public func destroy() { gtk_window_destroy(window) }

    /// Called when the user closes the window; return true to keep it open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        connectReturningBool("close-request", handler)
    }

    /// Called when the window's default size changes (the user resized it).
    public func onResize(_ handler: @escaping @MainActor () -> Void) {
        observe(property: "default-width", handler)
        observe(property: "default-height", handler)
    }

}
